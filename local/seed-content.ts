import type { CreateProjectBody } from '#shared/schemas/project';
import type { CreateTaskBody, TaskStatus } from '#shared/schemas/task';

/**
 * What the demo workspace holds beyond its owner: two brands a content team works on, two teammates and
 * twenty-seven tasks across every type and status, with comments, time and review decisions. Only content here;
 * local/seed-tasks.ts puts it in through the API. Dates are relative to the day the seed runs.
 */

export type TeammateKey = 'maya' | 'leo';
export type PersonKey = 'demo' | TeammateKey;
export const TEAMMATES: Record<TeammateKey, { email: string; name: string }> = {
  maya: { email: 'maya@brandslate.local', name: 'Maya Chen' },
  leo: { email: 'leo@brandslate.local', name: 'Leo Park' },
};

export type BrandKey = 'northwind' | 'lumen';
export const BRANDS: Record<BrandKey, CreateProjectBody & { cover: [number, number, number] }> = {
  northwind: { name: 'Northwind Coffee', phase: 'active', shopify_site: 'northwind-coffee.myshopify.com', cover: [111, 78, 55] },
  lumen: { name: 'Lumen Skincare', phase: 'active', shopify_site: 'lumen-skincare.myshopify.com', cover: [236, 200, 190] },
};

export type DemoTask = {
  key: string;
  brand: BrandKey;
  /** Where the task ends up; reached from its created status along the allowed transitions. */
  status: TaskStatus;
  assignee?: PersonKey;
  /** Due, film and posted dates in days from the seed's day. */
  dueInDays?: number;
  filmInDays?: number;
  postedInDays?: number;
  /** A reminder this many minutes from the seed's start (it fires once while the task is To Do / In Progress). */
  reminderInMinutes?: number;
  /** The last step is a decision given from the task's review link (approved or rejected), not a PATCH. */
  review?: { reviewer: string; comment: string };
  /** Keep a review link shared on the task. */
  reviewLink?: boolean;
  comments?: { by: PersonKey; text: string; png?: { name: string; rgb: [number, number, number] } }[];
  /** Manual time entries this week, by the demo user, in minutes. */
  minutes?: number[];
  fields: Omit<CreateTaskBody, 'project_uid' | 'assignee' | 'status' | 'due_date' | 'film_date' | 'posted_date' | 'reminder'>;
};

const northwindVoice = 'Warm, unhurried, a little nerdy about beans; never snobby';
const lumenVoice = 'Calm, clinical, kind; claims backed by the lab, no miracle talk';

export const DEMO_TASKS: readonly DemoTask[] = [
  {
    key: 'nw-first-sip',
    brand: 'northwind',
    status: 'in_progress',
    assignee: 'maya',
    dueInDays: 2,
    filmInDays: 1,
    minutes: [90, 45],
    comments: [
      { by: 'maya', text: 'First cut is in Drive. The hook lands at 0:02; I think the outro can lose two seconds.' },
      { by: 'demo', text: 'Agreed, and let the pour sound carry the last beat instead of the music.' },
    ],
    fields: {
      summary: 'Autumn blend launch reel: "first sip" hook',
      ticket_type: 'post',
      post_platform: 'instagram',
      platform: 'Instagram Reels',
      post_format: 'Reel, 30 s, 9:16',
      post_audience: 'Growth: filter-coffee drinkers 25–40 who have not tried us',
      brand_voice: northwindVoice,
      keyword_phrase: 'autumn coffee blend',
      hook: 'This is what October tastes like.',
      hook_variations: ['You have been brewing autumn wrong.', 'One sip and the leaves turn.', 'We roasted a season. Here it is.'],
      script:
        'Open on steam over a cup, window light. VO: "This is what October tastes like."\nCut: beans tumbling from the roaster (slow motion).\nCut: pour-over bloom, close-up.\nVO: "Cherry, cocoa, a little smoke. Our autumn blend, roasted this week."\nEnd card: bag on a wooden table, "Autumn Blend — back for 8 weeks".',
      caption: 'Cherry, cocoa, a little smoke. Our Autumn Blend is back for eight weeks only 🍂 Tap the bag to grab yours.',
      difficulty: 'medium',
      milestone: 'Autumn blend launch',
      tags: ['reels', 'launch'],
      drive_raw_link: 'https://drive.example.com/northwind/autumn-blend/raw',
    },
  },
  {
    key: 'nw-latte-pov',
    brand: 'northwind',
    status: 'needs_approval',
    assignee: 'leo',
    dueInDays: 1,
    reviewLink: true,
    minutes: [60],
    comments: [{ by: 'leo', text: 'Storyboard frame for the third pour attached. Client link is shared for sign-off.', png: { name: 'Latte storyboard frame 3.png', rgb: [196, 160, 122] } }],
    fields: {
      summary: 'Barista POV: latte art in three pours',
      ticket_type: 'post',
      post_platform: 'tiktok',
      post_format: 'Vertical video, 20 s',
      post_audience: 'Trust building: home baristas',
      brand_voice: northwindVoice,
      hook: 'POV: you finally nail the rosetta.',
      hook_variations: ['Three pours. One heart. Zero stress.', 'Your latte art, but make it calm.', 'Watch the milk, not the cup.'],
      script: 'Top-down shot of the cup. Pour 1: base. Pour 2: wiggle. Pour 3: pull through. Text on screen for each pour. End on a sip.',
      caption: 'Three pours to a rosetta ☕ Save this for your next weekend brew.',
      tags: ['reels', 'ugc'],
      milestone: 'Autumn blend launch',
    },
  },
  {
    key: 'nw-origin',
    brand: 'northwind',
    status: 'approved',
    assignee: 'maya',
    dueInDays: 3,
    review: { reviewer: 'Ana (Northwind marketing)', comment: 'Love the farm photos. Approved, go ahead and schedule it.' },
    fields: {
      summary: 'Origin story carousel: from Huila to your cup',
      ticket_type: 'post',
      post_platform: 'instagram',
      post_format: 'Carousel, 7 slides',
      post_audience: 'Trust building: people who care where coffee comes from',
      brand_voice: northwindVoice,
      hook: 'Meet the people behind your morning cup.',
      caption: 'Our Huila lot is grown at 1,700 m by the Rojas family. Swipe to follow the beans from cherry to cup ➡️',
      reference_content: 'Photos from the September sourcing trip; quotes from Don Luis in the interview doc.',
      tags: ['evergreen', 'sourcing'],
    },
  },
  {
    key: 'nw-grinder',
    brand: 'northwind',
    status: 'published',
    assignee: 'leo',
    dueInDays: -2,
    fields: {
      summary: 'YouTube Short: dial in your grinder in 60 seconds',
      ticket_type: 'post',
      post_platform: 'youtube',
      post_format: 'Short, 60 s',
      post_audience: 'Trust building: home brewers fixing a sour cup',
      hook: 'Sour coffee? It is your grinder, not you.',
      script: 'Show sour vs bitter cups. Explain finer vs coarser with a dial graphic. Taste test at the end.',
      caption: 'Sour or bitter? One turn of the dial fixes it.',
      live_link: 'https://youtube.com/shorts/northwind-grinder',
      tags: ['education', 'evergreen'],
    },
  },
  {
    key: 'nw-cold-brew',
    brand: 'northwind',
    status: 'posted',
    assignee: 'maya',
    dueInDays: -5,
    postedInDays: -5,
    fields: {
      summary: 'Cold brew week teaser',
      ticket_type: 'post',
      post_platform: 'instagram',
      post_format: 'Story set, 4 frames',
      post_audience: 'Sales & promotions: cold brew week',
      caption: 'Cold brew week starts Monday. Steeped 18 hours, poured over big ice 🧊',
      live_link: 'https://instagram.com/p/northwind-cold-brew',
      tags: ['stories'],
    },
  },
  {
    key: 'nw-gift-guide',
    brand: 'northwind',
    status: 'draft',
    dueInDays: 20,
    fields: {
      summary: 'Holiday gift guide pins',
      ticket_type: 'post',
      post_platform: 'pinterest',
      post_format: 'Static pins, 2:3',
      post_audience: 'Sales & promotions: holiday gift buyers',
      overview: 'Three pins: gifts under $25, for the pour-over nerd, subscription gift card. Link each to the gift collection.',
      milestone: 'Holiday gift guide',
      tags: ['holiday'],
    },
  },
  {
    key: 'nw-taste-test',
    brand: 'northwind',
    status: 'in_review',
    assignee: 'leo',
    dueInDays: 4,
    fields: {
      summary: 'Duet: blind taste test with @beanqueen',
      ticket_type: 'post',
      post_platform: 'tiktok',
      post_audience: 'Growth: coffee fans on TikTok',
      hook: 'Can a coffee pro pick our blend blindfolded?',
      caption: 'Blind taste test with @beanqueen — did she get it? 👀',
      tags: ['collab', 'ugc'],
    },
  },
  {
    key: 'nw-roastery',
    brand: 'northwind',
    status: 'rejected',
    assignee: 'maya',
    dueInDays: 6,
    review: { reviewer: 'Ana (Northwind marketing)', comment: 'Can we hold this until the new roastery signage is up next week? The old logo is in every shot.' },
    comments: [{ by: 'maya', text: 'Reshoot booked for Thursday once the signage is installed.' }],
    fields: {
      summary: 'Behind the roastery: meet head roaster Inês',
      ticket_type: 'post',
      post_platform: 'linkedin',
      post_format: 'Video, 90 s, 1:1',
      post_audience: 'Trust building: future hires and wholesale buyers',
      script: 'Inês walks through a roast: green beans, first crack, cupping. Interview soundbites over B-roll.',
      tags: ['people'],
    },
  },
  {
    key: 'nw-pumpkin-myth',
    brand: 'northwind',
    status: 'todo',
    assignee: 'demo',
    dueInDays: 7,
    fields: {
      summary: 'Myth vs fact: is there pumpkin in pumpkin spice?',
      ticket_type: 'post',
      post_platform: 'instagram',
      post_format: 'Reel, 15 s',
      post_audience: 'Growth: seasonal latte fans',
      hook: 'Plot twist: pumpkin spice has no pumpkin.',
      hook_variations: ['The pumpkin spice truth nobody tells you.', 'Spoiler: it is cinnamon.', 'We checked. Zero pumpkins.'],
      tags: ['reels', 'seasonal'],
      milestone: 'Autumn blend launch',
    },
  },
  {
    key: 'nw-flat-lays',
    brand: 'northwind',
    status: 'done',
    assignee: 'leo',
    dueInDays: -6,
    minutes: [120],
    fields: {
      summary: 'Shoot product flat lays for the autumn blend',
      ticket_type: 'task',
      overview: 'Bag, beans, cup and leaves on walnut and linen. 12 finals, 4:5 and 9:16 crops.',
      estimate: 3,
      difficulty: 'easy',
      tags: ['photo'],
      milestone: 'Autumn blend launch',
    },
  },
  {
    key: 'nw-link-in-bio',
    brand: 'northwind',
    status: 'blocked',
    assignee: 'demo',
    dueInDays: 1,
    fields: {
      summary: 'Update link-in-bio with the autumn landing page',
      ticket_type: 'task',
      overview: 'Blocked: waiting on the web team for the final landing page URL.',
      estimate: 0.5,
      difficulty: 'easy',
      tags: ['launch'],
    },
  },
  {
    key: 'nw-holiday-estimate',
    brand: 'northwind',
    status: 'todo',
    assignee: 'demo',
    dueInDays: 5,
    fields: {
      summary: 'Estimate: holiday campaign video package',
      ticket_type: 'estimate',
      estimate: 24,
      difficulty: 'hard',
      overview: 'Three hero videos (30 s), six cut-downs, stills from set. Two shoot days, one edit week.',
      milestone: 'Holiday gift guide',
    },
  },
  {
    key: 'nw-analytics-reminder',
    brand: 'northwind',
    status: 'todo',
    assignee: 'demo',
    dueInDays: 0,
    reminderInMinutes: 2,
    fields: {
      summary: 'Send the monthly analytics report to Northwind',
      ticket_type: 'reminder',
      overview: 'Reach, saves and link clicks per post; top three posts with a line on why they worked.',
    },
  },
  {
    key: 'nw-kickoff-call',
    brand: 'northwind',
    status: 'done',
    assignee: 'demo',
    dueInDays: -8,
    fields: {
      summary: 'Kick-off call with Northwind marketing',
      ticket_type: 'call_notes',
      call_notes:
        'Attendees: Ana (Northwind), Maya, Leo, me.\n- Autumn blend launches in two weeks; 8-week run.\n- Priorities: reels over statics, one creator collab.\n- Ana approves via review links; 48 h turnaround.\n- Next: content calendar draft by Friday.',
      tags: ['client'],
    },
  },
  {
    key: 'nw-caption-bank',
    brand: 'northwind',
    status: 'paused',
    assignee: 'maya',
    dueInDays: 10,
    fields: {
      summary: 'Caption bank for next month',
      ticket_type: 'task',
      overview: 'Paused until the launch posts are out; 20 captions in brand voice, 5 with questions for comments.',
      estimate: 4,
      tags: ['copy'],
    },
  },
  {
    key: 'nw-threads',
    brand: 'northwind',
    status: 'will_not_do',
    dueInDays: 9,
    fields: {
      summary: 'Threads series: coffee hot takes',
      ticket_type: 'post',
      post_platform: 'threads',
      overview: 'Dropped: the client wants to focus on Instagram and TikTok this quarter.',
    },
  },
  {
    key: 'nw-giveaway',
    brand: 'northwind',
    status: 'todo',
    assignee: 'leo',
    dueInDays: 12,
    fields: {
      summary: 'Community giveaway announcement',
      ticket_type: 'post',
      post_platform: 'facebook',
      post_format: 'Image post',
      post_audience: 'Growth: friends of our regulars',
      caption: 'Win a year of coffee ☕ Tag a friend who needs it and follow @northwindcoffee. Ends Sunday.',
      tags: ['giveaway'],
    },
  },
  {
    key: 'lu-glass-skin',
    brand: 'lumen',
    status: 'in_progress',
    assignee: 'demo',
    dueInDays: 5,
    minutes: [75],
    comments: [{ by: 'leo', text: 'Lab sent the updated claims sheet; "visible glow in 14 days" is cleared, "repairs barrier" is not.' }],
    fields: {
      summary: 'Serum relaunch: "glass skin" hook',
      ticket_type: 'post',
      post_platform: 'instagram',
      post_format: 'Reel, 25 s',
      post_audience: 'Conversion: past buyers of the old serum',
      brand_voice: lumenVoice,
      keyword_phrase: 'niacinamide serum',
      hook: 'Glass skin, minus the ten steps.',
      hook_variations: ['Two drops. That is the routine.', 'Your serum, reformulated.', 'Same bottle, better inside.'],
      script: 'Macro of the dropper. Apply on bare skin, natural light. Text: "5% niacinamide, now fragrance-free". End on the bottle.',
      caption: 'Our bestselling serum, reformulated: 5% niacinamide, now fragrance-free. Visible glow in 14 days.',
      milestone: 'Serum relaunch',
      tags: ['reels', 'launch'],
    },
  },
  {
    key: 'lu-derm-qa',
    brand: 'lumen',
    status: 'needs_approval',
    assignee: 'maya',
    dueInDays: 2,
    fields: {
      summary: 'Stitch: dermatologist answers serum questions',
      ticket_type: 'post',
      post_platform: 'tiktok',
      hook: 'A dermatologist reads your serum questions.',
      caption: 'Dr. Okafor answers your top three niacinamide questions 🧴',
      milestone: 'Serum relaunch',
      tags: ['education', 'collab'],
    },
  },
  {
    key: 'lu-ugc-estimate',
    brand: 'lumen',
    status: 'done',
    assignee: 'demo',
    dueInDays: -3,
    fields: {
      summary: 'Estimate: UGC creator bundle (5 videos)',
      ticket_type: 'estimate',
      estimate: 12,
      difficulty: 'medium',
      overview: 'Brief, creator outreach, two rounds of notes per video, usage rights for 6 months.',
    },
  },
  {
    key: 'lu-weekly-sync',
    brand: 'lumen',
    status: 'in_progress',
    assignee: 'demo',
    dueInDays: 0,
    fields: {
      summary: 'Weekly sync with Lumen',
      ticket_type: 'call_notes',
      call_notes: '- Relaunch date holds.\n- Legal wants claims checked on every caption.\n- Before/after photos need a "results may vary" line.\n- Open: budget for a second creator.',
      tags: ['client'],
    },
  },
  {
    key: 'lu-music-licence',
    brand: 'lumen',
    status: 'todo',
    assignee: 'maya',
    dueInDays: 1,
    reminderInMinutes: 24 * 60,
    fields: {
      summary: 'Renew the music licence for reels',
      ticket_type: 'reminder',
      overview: 'Licence for the calm piano track runs out at the end of the month.',
    },
  },
  {
    key: 'lu-night-routine',
    brand: 'lumen',
    status: 'posted',
    assignee: 'leo',
    dueInDays: -4,
    postedInDays: -4,
    fields: {
      summary: 'Night routine in 60 seconds',
      ticket_type: 'post',
      post_platform: 'youtube',
      post_format: 'Short, 60 s',
      caption: 'Cleanse, serum, moisturise, sleep. That is it 🌙',
      live_link: 'https://youtube.com/shorts/lumen-night-routine',
      tags: ['routine'],
    },
  },
  {
    key: 'lu-retouch',
    brand: 'lumen',
    status: 'todo',
    assignee: 'leo',
    dueInDays: 3,
    fields: {
      summary: 'Retouch before/after photos',
      ticket_type: 'task',
      overview: 'Colour and exposure only, no skin smoothing (claims rule). Export 4:5 and 1:1.',
      estimate: 2,
      difficulty: 'medium',
      tags: ['photo'],
      milestone: 'Serum relaunch',
    },
  },
  {
    key: 'lu-spf',
    brand: 'lumen',
    status: 'published',
    assignee: 'maya',
    dueInDays: -1,
    fields: {
      summary: 'SPF reminder carousel',
      ticket_type: 'post',
      post_platform: 'instagram',
      post_format: 'Carousel, 5 slides',
      caption: 'Cloudy today? Your skin still needs SPF ☁️ Swipe for the two-finger rule.',
      live_link: 'https://instagram.com/p/lumen-spf',
      tags: ['education', 'evergreen'],
    },
  },
  // Monday morning: the demo user has fallen behind on two things (the dashboard's Overdue).
  {
    key: 'nw-cupping-recap',
    brand: 'northwind',
    status: 'in_progress',
    assignee: 'demo',
    dueInDays: -2,
    fields: {
      summary: 'Recap reel of Saturday’s public cupping',
      ticket_type: 'post',
      post_platform: 'instagram',
      post_format: 'Reel, 20 s',
      post_audience: 'Trust building: locals who came to the cupping',
      hook: 'Forty people, six coffees, one winner.',
      tags: ['reels', 'community'],
    },
  },
  {
    key: 'lu-sunscreen-replies',
    brand: 'lumen',
    status: 'todo',
    assignee: 'demo',
    dueInDays: -1,
    fields: {
      summary: 'Answer the sunscreen questions from last week’s comments',
      ticket_type: 'task',
      overview: 'Twelve open questions under the SPF carousel; the lab approved the answers in the shared doc.',
      estimate: 1,
      difficulty: 'easy',
      tags: ['community'],
    },
  },
];
