/**
 * The bench data set, generated deterministically (same scale → same rows) as batches of rows in
 * the database's own snake_case columns, so the SQLite and MariaDB writers insert identical data.
 */

export const BENCH_PASSWORD = 'bench-password-1';
export const ADMIN_EMAIL = 'bench-admin@atrium.test';
export const ADMIN_ID = 1;
export const COURSES = 100;
export const MODULES_PER_COURSE = 12;
export const ENROLLMENTS_PER_LEARNER = 3;
export const PROGRESS_PER_LEARNER = 15;

export interface SeedPlan {
  learners: number;
  courses: number;
  modules: number;
  enrollments: number;
  progress: number;
  comments: number;
}

/** Full scale: 200,000 learners (+1 admin), 100 × 12 modules, 600,000 / 3,000,000 / 300,000 rows. */
export function seedPlan(scale: number): SeedPlan {
  const learners = Math.max(50, Math.round(200_000 * scale));
  return {
    learners,
    courses: COURSES,
    modules: COURSES * MODULES_PER_COURSE,
    enrollments: learners * ENROLLMENTS_PER_LEARNER,
    progress: learners * PROGRESS_PER_LEARNER,
    comments: Math.max(100, Math.round(300_000 * scale)),
  };
}

export type Row = Array<string | number | null>;
export interface TableData {
  table: string;
  columns: string[];
  rows: number;
  batches(batchSize: number): Generator<Row[]>;
}

/** mulberry32: small, fast and good enough to spread bench data (and to mix the load run). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FIRST_NAMES =
  'Olivia Amelia Isla Ava Mia Ivy Lily Isabella Rosie Sophia Grace Willow Freya Florence Emily Ella Poppy Evie Elsie Charlotte Evelyn Sienna Sofia Daisy Phoebe Sophie Alice Harper Matilda Ruby Emilia Maya Millie Isabelle Eva Luna Jessica Aria Chloe Esme Muhammad Noah Oliver George Leo Arthur Oscar Harry Archie Jack Henry Charlie Freddie Theodore Thomas Finley Theo Alfie Jacob William Isaac Tommy Joshua James Lucas Alexander Arlo Roman Edward Elijah Teddy Mohammed Max Adam Ezra Albert Reggie Hugo Jaxon Louie Sebastian Rory Ronnie Benjamin Frankie Mason Ethan Harrison Toby Dylan Jude Priya Aisha Zara Fatima Anika Kwame Tariq Siobhan Niamh Ciaran Eilidh Hamish Megan Rhys Carys Dafydd Bethan'.split(
    ' ',
  );
export const LAST_NAMES =
  'Smith Jones Williams Taylor Brown Davies Evans Wilson Thomas Johnson Roberts Robinson Thompson Wright Walker White Edwards Hughes Green Hall Lewis Harris Clarke Patel Jackson Wood Turner Martin Cooper Hill Ward Morris Moore Clark Lee King Baker Harrison Morgan Allen James Scott Phillips Watson Davis Parker Price Bennett Young Griffiths Mitchell Kelly Cook Carter Richardson Bailey Collins Bell Shaw Murphy Miller Cox Richards Khan Marshall Anderson Simpson Ellis Adams Singh Begum Wilkinson Foster Chapman Powell Webb Rogers Gray Mason Ali Hunt Hussain Campbell Matthews Owen Palmer Holmes Mills Barnes Knight Lloyd Butler Russell Barker Fisher Stevens Jenkins Murray Dixon Harvey Graham Pearson Ahmed Fletcher Walsh Kaur Gibson Howard Andrews Stewart Elliott Reynolds Saunders Payne Fox Ford Pearce Day Brooks West Lawrence Cole Atkinson Bradley Spencer Gill Dawson Ball Burton'.split(
    ' ',
  );
const PLACES =
  'Oakfield Riverside Hillcrest Meadowbank Kingsway Ashford Beechwood Elmhurst Fairview Greenacre Highgate Lakeside Northfield Parkside Queensbury Redbrook Southgate Thornbury Westfield Woodlands'.split(
    ' ',
  );
const KINDS = ['Academy', 'Primary School', 'High School', 'College', 'Grammar School', 'Free School', 'Prep School'];
const TOPICS = 'Photography|Video|Podcasting|Social Media|Open Days|Prospectus Writing|Newsletters|Website Copy|Brand Basics|Parent Surveys'.split('|');
const SENTENCES = [
  'This module made the shot list finally click for our team.',
  'Could you share the template mentioned around the five minute mark?',
  'We tried the natural light tip in the library and the photos look so much better.',
  'Is there a version of the consent checklist for sixth form students?',
  'Great pacing, and the examples from primary schools were really useful.',
  'Our head asked whether this works for the open evening video as well.',
  'I would love a follow-up on editing captions for accessibility.',
  'The bit about leading lines was new to me, thank you.',
  'Has anyone used this approach for sports day? How did you handle the crowds?',
  'Short, practical and easy to share with colleagues.',
  'We are a small school with no budget, and this still worked with just a phone.',
  'The audio advice saved our first interview recording.',
];
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** Everything derived from one seed: which courses each learner took and how far they got. */
export function generate(plan: SeedPlan, passwordHash: string, now = Date.now()) {
  const { learners } = plan;
  const random = prng(0xa7121);
  const int = (n: number) => Math.floor(random() * n);
  const start = now - 3 * YEAR_MS;
  const createdAt = (learner: number) => Math.floor(start + ((learner + 0.5) / learners) * (now - start - 24 * 3600 * 1000));
  const userId = (learner: number) => learner + 2;
  const moduleId = (courseId: number, index: number) => (courseId - 1) * MODULES_PER_COURSE + index + 1;
  const durations = Int16Array.from({ length: plan.modules }, () => 240 + int(1260));

  // Three distinct courses per learner, and how many modules of each they have reported on
  // (15 in all, at most 12 per course).
  const courseOf = new Uint8Array(learners * ENROLLMENTS_PER_LEARNER);
  const watchedCount = new Uint8Array(learners * ENROLLMENTS_PER_LEARNER);
  for (let i = 0; i < learners; i += 1) {
    const a = 1 + int(COURSES);
    let b = 1 + int(COURSES);
    while (b === a) b = 1 + int(COURSES);
    let c = 1 + int(COURSES);
    while (c === a || c === b) c = 1 + int(COURSES);
    courseOf.set([a, b, c], i * 3);
    const first = 1 + int(MODULES_PER_COURSE);
    const rest = PROGRESS_PER_LEARNER - first;
    const low = Math.max(0, rest - MODULES_PER_COURSE);
    const second = low + int(Math.min(MODULES_PER_COURSE, rest) - low + 1);
    watchedCount.set([first, second, rest - second], i * 3);
  }

  const batched = (table: string, columns: string[], rows: number, row: (index: number) => Row): TableData => ({
    table,
    columns,
    rows,
    *batches(batchSize: number) {
      for (let from = 0; from < rows; from += batchSize) {
        const batch: Row[] = [];
        for (let index = from; index < Math.min(rows, from + batchSize); index += 1) batch.push(row(index));
        yield batch;
      }
    },
  });

  const users = batched(
    'users',
    ['id', 'email', 'password_hash', 'first_name', 'last_name', 'company', 'profile_image_url', 'role', 'created_at', 'updated_at'],
    learners + 1,
    (index) => {
      if (index === 0) return [ADMIN_ID, ADMIN_EMAIL, passwordHash, 'Bench', 'Admin', 'Atrium', null, 'admin', start - 1000, start - 1000];
      const learner = index - 1;
      const first = FIRST_NAMES[(learner * 7) % FIRST_NAMES.length]!;
      const last = LAST_NAMES[(learner * 13 + Math.floor(learner / FIRST_NAMES.length)) % LAST_NAMES.length]!;
      const email = `${first}.${last}${learner}@school${learner % 997}.example`.toLowerCase();
      const company = `${PLACES[learner % PLACES.length]} ${KINDS[learner % KINDS.length]}`;
      const at = createdAt(learner);
      return [userId(learner), email, passwordHash, first, last, company, null, 'learner', at, at];
    },
  );

  const courses = batched(
    'courses',
    ['id', 'title', 'description', 'price', 'thumbnail', 'sales_video_id', 'created_at', 'updated_at'],
    plan.courses,
    (index) => {
      const id = index + 1;
      const topic = TOPICS[index % TOPICS.length]!;
      const description = `${topic} for school marketing teams, level ${1 + Math.floor(index / TOPICS.length)}: planning, doing and measuring, with examples from real schools.`;
      return [
        id,
        `${topic} ${1 + Math.floor(index / TOPICS.length)}`,
        description,
        index % 4 === 0 ? 0 : index % 3 === 0 ? 19900 : 49900,
        `/images/courses/${id}.jpg`,
        '76979871',
        start,
        start,
      ];
    },
  );

  const modules = batched(
    'modules',
    ['id', 'course_id', 'title', 'description', 'vimeo_video_id', 'vimeo_hash', 'duration', 'order_index', 'created_at', 'updated_at'],
    plan.modules,
    (index) => {
      const courseId = Math.floor(index / MODULES_PER_COURSE) + 1;
      const order = (index % MODULES_PER_COURSE) + 1;
      return [
        index + 1,
        courseId,
        `Module ${order}`,
        `Part ${order} of course ${courseId}: what to do and why it works.`,
        '76979871',
        null,
        durations[index]!,
        order,
        start,
        start,
      ];
    },
  );

  const enrollments = batched('enrollments', ['id', 'user_id', 'course_id', 'source', 'enrolled_at'], plan.enrollments, (index) => {
    const learner = Math.floor(index / ENROLLMENTS_PER_LEARNER);
    return [index + 1, userId(learner), courseOf[index]!, index % 10 === 0 ? 'admin' : 'self', createdAt(learner) + (index % 3) * 3600_000];
  });

  // Progress rows in (learner, course, module order): the learner's first k-1 modules of a course
  // are complete, the k-th is part-watched.
  const progress: TableData = {
    table: 'progress',
    columns: ['id', 'user_id', 'module_id', 'course_id', 'watched_duration', 'position', 'is_completed', 'completed_at', 'updated_at'],
    rows: plan.progress,
    *batches(batchSize: number) {
      let batch: Row[] = [];
      let id = 0;
      for (let enrollment = 0; enrollment < courseOf.length; enrollment += 1) {
        const learner = Math.floor(enrollment / ENROLLMENTS_PER_LEARNER);
        const courseId = courseOf[enrollment]!;
        const count = watchedCount[enrollment]!;
        const base = createdAt(learner) + 86_400_000;
        for (let order = 0; order < count; order += 1) {
          const module = moduleId(courseId, order);
          const duration = durations[module - 1]!;
          const done = order < count - 1;
          const watched = done ? duration : Math.floor(duration * (0.05 + (0.8 * ((enrollment * 31 + order) % 97)) / 97));
          const at = Math.min(now - 1000, base + order * 3600_000 + enrollment);
          id += 1;
          batch.push([id, userId(learner), module, courseId, watched, watched, done ? 1 : 0, done ? at : null, at]);
          if (batch.length === batchSize) {
            yield batch;
            batch = [];
          }
        }
      }
      if (batch.length) yield batch;
    },
  };

  const comments = batched('comments', ['id', 'module_id', 'user_id', 'comment', 'created_at'], plan.comments, (index) => {
    // Posted by a learner enrolled in the module's course, spread over the last year.
    const learner = int(learners);
    const courseId = courseOf[learner * 3 + int(3)]!;
    const sentences = 1 + int(4);
    const text: string[] = [];
    for (let s = 0; s < sentences; s += 1) text.push(SENTENCES[int(SENTENCES.length)]!);
    return [index + 1, moduleId(courseId, int(MODULES_PER_COURSE)), userId(learner), text.join(' '), now - YEAR_MS + int(YEAR_MS)];
  });

  return [users, courses, modules, enrollments, progress, comments];
}
