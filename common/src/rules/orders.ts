/**
 * How an invoice order is named to people: the server's order presenter, the portal (checkout,
 * admin) and the e-mails all write it this way, so a school quoting a reference on the phone is
 * understood. Six digits keep references the same length for the first million orders; a longer
 * id simply gets more digits.
 */
export function orderReference(orderId: number): string {
  return `ORD-${String(orderId).padStart(6, '0')}`;
}

/**
 * A school's own purchase-order number with a "PO" label, unless the number already carries one
 * ("PO-2291", "PO 2291", "po2291"), so it never reads "PO PO-2291".
 */
export function purchaseOrderLabel(purchaseOrderNumber: string): string {
  const number = purchaseOrderNumber.trim();
  return /^p\.?o\b|^po(?=[\s\d#:-])/i.test(number) ? number : `PO ${number}`;
}
