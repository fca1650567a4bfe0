import type { CourseInput, CourseUpdateInput, PriceList } from '@atrium/common';
import { badRequest } from '../errors.ts';
import type { Course } from './Course.ts';

/** A course row's price list: GBP from `price`, the others from their own columns when set. */
export function pricesOf(course: Pick<Course, 'price'> & Partial<Pick<Course, 'priceUsd' | 'priceEur'>>): PriceList {
  const prices: PriceList = { GBP: Number(course.price) };
  if (course.priceUsd !== null && course.priceUsd !== undefined) prices.USD = Number(course.priceUsd);
  if (course.priceEur !== null && course.priceEur !== undefined) prices.EUR = Number(course.priceEur);
  return prices;
}

/**
 * The price columns a create or update writes. `prices` is the whole list (a currency left out
 * is no longer offered); `price` alone sets GBP and leaves the others. Both given must agree
 * (a `price` of 0 beside `prices` is the create schema's default, not a second opinion).
 */
export function priceColumns(input: Pick<CourseInput | CourseUpdateInput, 'price' | 'prices'>): Partial<Course> {
  const { prices } = input;
  if (!prices) return input.price === undefined ? {} : { price: input.price };
  if (input.price !== undefined && input.price !== 0 && input.price !== prices.GBP) {
    throw badRequest('price and prices.GBP differ: send one of them, or the same amount', { price: 'Differs from prices.GBP' });
  }
  return { price: prices.GBP, priceUsd: prices.USD ?? null, priceEur: prices.EUR ?? null };
}
