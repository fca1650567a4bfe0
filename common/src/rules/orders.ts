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

/**
 * How paying by invoice works, in the words of the landing page's FAQ (its pricing answer ends
 * with it) and of the support bot, which answers invoice and purchase-order questions with it:
 * one text, so the two can never disagree.
 */
export const INVOICE_ANSWER =
  'Schools can pay by card or by invoice: choose "Pay by invoice" at checkout, add your purchase order number if your finance office uses one, and your staff get access as soon as the invoice is paid.';

/**
 * What a school buying for several schools or a trust may ask for, true since an admin can agree
 * a discount on an invoice order before issuing it (printed on the invoice with its reason): the
 * FAQ's pricing answer and the support bot say it in these words.
 */
export const DISCOUNT_ANSWER = 'Buying for several schools or a trust? Ask for an invoice and we can agree a discount, shown on the invoice.';
