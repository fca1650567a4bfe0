import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { CourseSummaryDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { serverNotAnswering } from '../../../../storybook/portalFixtures.tsx';
import { CurrencySelect } from '../../components/CurrencySwitcher.tsx';
import { LandingView } from './LandingView.tsx';

const course = (id: number, title: string, description: string, price: number, totalModules: number): CourseSummaryDto => ({
  id,
  title,
  description,
  price,
  prices: { GBP: price, USD: Math.round(price * 1.2) },
  thumbnail: null,
  salesVideoId: null,
  totalModules,
  totalDuration: totalModules * 540,
});

const catalogue = [
  course(
    1,
    'Smartphone Photography for School Marketing',
    'Take photos of school life that parents stop scrolling for, with the phone already in your pocket.',
    49900,
    7,
  ),
  course(2, 'Creating Videos for School Marketing', 'Plan, film and edit short videos that show what your school is really like.', 49900, 8),
  course(3, 'Running a School Podcast', 'A shorter course on starting a school podcast that families and staff will listen to.', 19900, 5),
  course(4, 'Marketing Photos Without Identifying Children', 'Show the energy of school life while protecting pupils’ identities.', 49900, 6),
];

const meta = {
  title: 'Portal/LandingView',
  component: LandingView,
  decorators: [portalTheme],
  parameters: { layout: 'fullscreen' },
  args: {
    catalogue: { state: 'ready', data: catalogue },
    brand: 'Atrium',
    supportEmail: 'hello@atrium.example',
    currencySwitcher: <CurrencySelect value="GBP" pending={false} onChoose={fn()} />,
  },
} satisfies Meta<typeof LandingView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page as a visitor gets it from the server: the catalogue's courses and prices in place. */
export const Ready: Story = {};

/** Prices in the visitor's currency (the switcher's choice, else their locale). */
export const InDollars: Story = {
  args: { currencySwitcher: <CurrencySelect value="USD" pending={false} onChoose={fn()} /> },
  parameters: { currency: 'USD', screens: { widths: [390] } },
};

/** The catalogue still on its way (a browser render without the server's answer): the page stands, the grid waits. */
export const CatalogueLoading: Story = { args: { catalogue: { state: 'loading' } }, parameters: { screens: { widths: [390] } } };

/** The catalogue could not be read: the grid says so with Try again; the rest of the page stands. */
export const CatalogueFailed: Story = {
  args: {
    catalogue: {
      state: 'failed',
      error: serverNotAnswering(),
      retry: fn(),
    },
  },
  parameters: { screens: { widths: [390] } },
};
