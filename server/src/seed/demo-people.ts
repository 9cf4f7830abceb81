/**
 * The demo authors' bios and the demo stories' tags (decision 034). Kept apart from the stories
 * themselves: tags follow from each story's section and headline by the rules below.
 */
export interface DemoAuthor {
  name: string;
  bio: string;
  xHandle?: string;
}

export const DEMO_AUTHORS: readonly DemoAuthor[] = [
  { name: 'Bernard Spinnaker', bio: 'Economics editor. Has predicted nine of the last two recessions.' },
  {
    name: 'Clive Outrage',
    bio: 'Chief political correspondent. Once shouted a question at a minister so loudly it became policy.',
    xHandle: 'cliveoutrage',
  },
  { name: 'Dolores Gossage', bio: 'Society editor. Knows who wore it best, and who should never have worn it at all.' },
  { name: 'Gavin Splatt', bio: 'Sports writer. Played Sunday league for eleven years without touching the ball.' },
  { name: 'Hamish Tattle', bio: 'Scotland correspondent and the paper’s only reporter who owns an umbrella.' },
  {
    name: 'Hank Blatherwick',
    bio: 'US correspondent, filing from a diner booth he has not left since 2019.',
    xHandle: 'hankblather',
  },
  { name: 'Kezia Fibbs', bio: 'Technology editor. Has read every terms and conditions page so you don’t have to.' },
  { name: 'Loretta Humbug', bio: 'Consumer affairs. Measures chocolate bars with callipers.' },
  {
    name: 'Marcus Rumour',
    bio: 'Investigations. Sources close to Marcus say he is the best in the business.',
    xHandle: 'marcusrumour',
  },
  {
    name: 'Nigel Hackett-Smythe',
    bio: 'Parliamentary sketch writer. Has been asked to leave the press gallery 41 times.',
  },
  { name: 'Penny Dreadful', bio: 'Features writer with a nose for the nation’s small disasters.' },
  {
    name: 'Rosie Blunderbuss',
    bio: 'Home affairs. Covers trains, weather and queues: the three pillars of British life.',
  },
  {
    name: 'Sandra Leake',
    bio: 'Business correspondent. Has never once been told anything off the record that stayed there.',
  },
  { name: 'Tamsin Wrigley', bio: 'Culture and lifestyle. Reviews everything, recommends nothing.' },
];

/** Tags by section, then by words in the headline; a story gets every tag whose rule matches (at most three). */
const SECTION_TAGS: Record<string, string> = {
  Politics: 'Westminster',
  US: 'America',
  Technology: 'Gadgets',
  Sport: 'Sport Shame',
  Business: 'Money',
  UK: 'Britain',
};

const HEADLINE_TAGS: readonly [RegExp, string][] = [
  [/\b(AI|app|phone|smart|chatbot|self-driving)\b/i, 'Artificial Stupidity'],
  [/£|\$|\bbn\b|bonus|price|budget|pound|valued/i, 'Money'],
  [/minister|cabinet|congress|senate|council|committee|elected|party/i, 'Politicians'],
  [/football|premier league|penalt|VAR|darts|olympic/i, 'Football'],
  [/tea|biscuit|café|coffee|sushi|fish supper|cheese|chocolate/i, 'Food and Drink'],
  [/rail|drizzle|queue|weather|office/i, 'British Misery'],
];

export function demoTags(article: { category: string; headline: string }): string[] {
  const tags = [
    SECTION_TAGS[article.category],
    ...HEADLINE_TAGS.filter(([re]) => re.test(article.headline)).map((r) => r[1]),
  ];
  return [...new Set(tags.filter((t): t is string => Boolean(t)))].slice(0, 3);
}
