import type { Logger } from 'pino';
import { writeCatalogue, type CatalogueDeps } from '../commands/catalogue/write.ts';

interface SeedModule {
  title: string;
  description: string;
  /** Seconds. */
  duration: number;
}

interface SeedCourse {
  title: string;
  description: string;
  price: number;
  modules: SeedModule[];
}

// Vimeo's long-standing public sample video: a real id that plays, until the agency uploads its own.
const SAMPLE_VIMEO_ID = '76979871';

const m = (title: string, description: string, minutes: number, seconds = 0): SeedModule => ({
  title,
  description,
  duration: minutes * 60 + seconds,
});

/** The landing page's four courses; £499 each except the shorter podcast course at £199. */
export const DEMO_CATALOGUE: SeedCourse[] = [
  {
    title: 'Smartphone Photography for School Marketing',
    description:
      'Take photos of school life that parents stop scrolling for, with the phone already in your pocket: light, composition, editing and a simple workflow for the website and social media.',
    price: 49900,
    modules: [
      m('Welcome: what makes a great school photo', 'The four qualities every strong school marketing photo shares, and how this course is organised.', 6, 40),
      m('Know your phone camera', 'Focus, exposure lock, grid lines, portrait mode and when to turn HDR off.', 11, 15),
      m('Working with natural light', 'Classrooms, corridors and playgrounds: finding and shaping the light you already have.', 12, 30),
      m('Composition that tells a story', 'Rule of thirds, leading lines, framing and getting down to a child’s eye level.', 10, 5),
      m('Photographing events and sports days', 'Burst mode, anticipation and staying out of the way while catching the moment.', 13, 20),
      m('Editing on your phone in five minutes', 'A repeatable edit in a free app: crop, straighten, light, colour, export.', 9, 45),
      m('From camera roll to website', 'Naming, storing and sharing photos safely, and choosing the best ten from two hundred.', 8, 10),
    ],
  },
  {
    title: 'Creating Videos for School Marketing',
    description:
      'Plan, film and edit short videos that show what your school is really like: tours, event highlights and staff introductions, filmed on a phone and edited in free software.',
    price: 49900,
    modules: [
      m('Why video, and what to make first', 'The three videos every school website needs and how long each should be.', 7, 0),
      m('Planning with a one-page shot list', 'Turning an idea into a list of shots you can film in a single morning.', 9, 30),
      m('Steady shots and clean sound', 'Holding the phone, cheap stabilisers and why sound matters more than picture.', 12, 10),
      m('Filming a school tour', 'Routes, pacing and transitions for a tour that feels like a visit.', 14, 0),
      m('Interviews with staff and pupils', 'Setting up, asking open questions and putting nervous speakers at ease.', 11, 25),
      m('Editing a story together', 'Cutting to the best moments, music, captions and a strong opening.', 15, 40),
      m('Publishing and accessibility', 'Captions, thumbnails and where each video should live.', 8, 50),
      m('Measuring what works', 'Views, watch time and what parents actually watch to the end.', 6, 30),
    ],
  },
  {
    title: 'Running a School Podcast',
    description:
      'A shorter course on starting a school podcast that families and staff will listen to: formats, recording with simple kit, editing and publishing.',
    price: 19900,
    modules: [
      m('Is a podcast right for your school?', 'Formats that work for schools and how much time each takes.', 6, 20),
      m('Kit and rooms', 'Microphones from £0 to £100 and making any room sound better.', 9, 0),
      m('Recording your first episode', 'Running order, hosting with pupils and recording remote guests.', 12, 45),
      m('Editing and publishing', 'Trimming, levelling, music and getting listed on the main platforms.', 11, 30),
      m('Growing your audience', 'Newsletters, the school website and a publishing rhythm you can keep.', 7, 15),
    ],
  },
  {
    title: 'Marketing Photos Without Identifying Children',
    description:
      'Show the energy of school life while protecting pupils’ identities: consent, safeguarding-aware composition, hands-and-work shots and a review checklist before anything is published.',
    price: 49900,
    modules: [
      m('Consent, safeguarding and the law', 'What parental consent covers, and why some children must never be identifiable.', 10, 0),
      m('Composition that protects identity', 'Backs of heads, silhouettes, depth of field and shooting from behind.', 11, 40),
      m('Hands, work and environments', 'Telling the story through pupils’ work, hands at work and the spaces they learn in.', 9, 15),
      m('Groups and crowds', 'Making large groups anonymous without making them feel anonymous.', 8, 50),
      m('Checking images before publishing', 'Uniform badges, name labels, reflections and metadata: a pre-publishing checklist.', 10, 30),
      m('A photo policy your staff can follow', 'Writing a one-page photo guide that everyone uses.', 7, 45),
    ],
  },
];

/**
 * The demo courses' dollar and euro prices beside their pounds (an admin sets real ones in the
 * course form). The shorter podcasting course has no euro price: euro visitors see its pounds.
 */
const DEMO_OTHER_PRICES: Readonly<Record<number, { priceUsd: number; priceEur?: number }>> = {
  49900: { priceUsd: 59900, priceEur: 54900 },
  19900: { priceUsd: 24900 },
};

/** Seeds the demo catalogue only when there are no courses at all, in one transaction. */
export async function seedDemoCatalogue(deps: CatalogueDeps, logger: Logger): Promise<boolean> {
  return writeCatalogue(deps, async (trx) => {
    const existing = await trx('courses').first('id');
    if (existing) return false;
    const timestamp = Date.now();
    for (const course of DEMO_CATALOGUE) {
      const [courseId] = await trx('courses').insert({
        title: course.title,
        description: course.description,
        price: course.price,
        ...DEMO_OTHER_PRICES[course.price],
        thumbnail: null,
        salesVideoId: null,
        createdAt: timestamp,
        updatedAt: timestamp,
      });
      await trx('modules').insert(
        course.modules.map((module, index) => ({
          courseId,
          title: module.title,
          description: module.description,
          vimeoVideoId: SAMPLE_VIMEO_ID,
          vimeoHash: null,
          duration: module.duration,
          orderIndex: index + 1,
          createdAt: timestamp,
          updatedAt: timestamp,
        })),
      );
    }
    logger.info({ courses: DEMO_CATALOGUE.length }, 'seeded the demo catalogue');
    return true;
  });
}
