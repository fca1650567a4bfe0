import '../test/setup.ts';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../test/setup.ts';
import './element.ts';

const courses = [
  {
    id: 1,
    title: 'Photos',
    description: 'd',
    price: 49900,
    prices: { GBP: 49900, USD: 59900 },
    thumbnail: null,
    salesVideoId: null,
    totalModules: 4,
    totalDuration: 60,
  },
  { id: 2, title: 'Podcast', description: 'd', price: 19900, prices: { GBP: 19900 }, thumbnail: null, salesVideoId: null, totalModules: 4, totalDuration: 60 },
];

async function prices(html: string): Promise<string[]> {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = html;
  document.body.append(wrapper);
  const element = wrapper.firstElementChild!;
  const read = () => [...(element.shadowRoot?.querySelectorAll('[part="card-price"]') ?? [])].map((node) => node.textContent ?? '');
  await waitFor(() => expect(read()).toHaveLength(2));
  const shown = read();
  wrapper.remove();
  return shown;
}

describe('<atrium-course-grid currency>', () => {
  it('shows prices in the currency the attribute names, pounds where a course has none in it', async () => {
    mockFetch(() => json(courses));
    expect(await prices('<atrium-course-grid api-base="https://atrium.test" currency="usd"></atrium-course-grid>')).toEqual(['$599.00', '£199.00']);
  });

  it("ignores a currency it does not know: the browser's locale decides", async () => {
    mockFetch(() => json(courses));
    // jsdom's navigator.language is en-US, so without a valid attribute the browser's locale decides.
    expect(await prices('<atrium-course-grid api-base="https://atrium.test" currency="JPY"></atrium-course-grid>')).toEqual(['$599.00', '£199.00']);
  });
});
