/**
 * Demo content of The Daily Smear: original satirical articles, written for this product.
 * Data only; server/src/seed/index.ts turns it into database rows.
 *
 * Every person, outlet, wire service and web address here is invented. Politicians are
 * referred to by office ("the Prime Minister") or by obviously made-up names.
 *
 * Times are relative to the moment of seeding: a published article goes out `hoursAgo`
 * hours before now; a draft (`draft: true`) was last worked on `hoursAgo` hours ago and
 * has no publication time.
 */
import type { BodyDoc } from '../../../common/body/types.ts';
import { DEMO_PICTURES } from './pictures.ts';
import type { CATEGORIES } from '../../../common/categories.ts';

export type DemoCategory = (typeof CATEGORIES)[number]['name'];

export interface DemoArticle {
  headline: string;
  summary: string;
  /** The body, one string per paragraph; stored joined by a blank line (unless `body` is given). */
  paragraphs: readonly string[];
  /** A rich body in the stored format, instead of the paragraphs. */
  body?: BodyDoc;
  author: string;
  category: DemoCategory;
  source: string;
  /** Invented address on an example domain; absent for a few stories. */
  originalUrl?: string;
  editorName: string;
  /** 0-10. */
  rating: number;
  /** Editorial comments; may be empty. */
  comments: string;
  /** Site path of an illustration under web/public; absent for a few stories. */
  imageUrl?: string;
  isBreaking: boolean;
  /** Hours before the seeding moment: publication time, or last edit of a draft. */
  hoursAgo: number;
  /** Unpublished (published_at stays null). */
  draft?: true;
}

const img = (name: string) => `/images/demo/${name}.svg`;

/** What each demo illustration shows: the lead picture's alt text (required to publish). */
export const DEMO_PICTURE_ALT: Record<string, string> = {
  'ballot-box': 'Illustration: a ballot paper marked with a red cross going into a black ballot box',
  capitol: 'Illustration: a white domed capitol building against red and white stripes and yellow stars',
  car: 'Illustration: a small red car seen from the side',
  'crash-chart': 'Illustration: a chart whose line zigzags and breaks, with a big red arrow pointing down',
  football: 'Illustration: a black and white football',
  fridge: 'Illustration: a tall white fridge with its door shut',
  megaphone: 'Illustration: a yellow megaphone blaring sound waves on a red and black sunburst',
  'money-bag': 'Illustration: a bulging sack of money marked with a pound sign',
  phone: 'Illustration: a smartphone with a glowing screen',
  podium: 'Illustration: an empty speaker’s lectern with two microphones on a red sunburst',
  'rain-cloud': 'Illustration: a grey cloud letting fall a few drops of rain',
  robot: 'Illustration: a boxy grey robot with round eyes',
  seagull: 'Illustration: a seagull with a beady eye and an open beak',
  teacup: 'Illustration: a cup of tea on a saucer with a biscuit leaning on it',
  train: 'Illustration: a commuter train seen from the front',
  trophy: 'Illustration: a gold trophy cup with two handles',
  truck: 'Illustration: a delivery lorry seen from the side',
};

/** The alt text of a demo lead picture ('' for anything else). */
export function demoPictureAlt(imageUrl: string | undefined): string {
  const name = /^\/images\/demo\/([a-z-]+)\.svg$/.exec(imageUrl ?? '')?.[1];
  return (name && DEMO_PICTURE_ALT[name]) || '';
}
const para = (text: string) => ({ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] });
const item = (text: string) => ({ type: 'listItem' as const, content: [para(text)] });

export const DEMO_ARTICLES: readonly DemoArticle[] = [
  // ───────────────────────────── Politics ─────────────────────────────
  {
    headline: 'Cabinet Reshuffle Enters Fourth Day As Ministers Refuse To Stop Playing Musical Chairs',
    summary:
      'Downing Street insists the government is "fully functioning" despite the entire Cabinet circling a row of seats to a looped recording of Agadoo.',
    paragraphs: [
      "The Prime Minister's long-promised reshuffle has entered its fourth consecutive day, after what was meant to be a brisk morning of appointments descended into a game of musical chairs that nobody is prepared to lose.",
      'Witnesses say the music was first stopped at 9.14am on Monday, when the Home Secretary and the Chancellor both landed on the chair nearest the biscuits. Neither would move, and a Cabinet Office lawyer was summoned to rule on "who had the majority of buttock".',
      'Since then the number of chairs has fallen from twenty-two to four, while the number of ministers has risen to thirty-one as backbenchers sneak in through a side door in the hope of a job. One junior minister has reportedly been circling for so long that she has been appointed Minister for Circling.',
      'A Downing Street spokesman said: "This is a perfectly normal and orderly process. The Prime Minister has full confidence in whoever ends up sitting down." He then heard the music stop and sprinted out of the briefing room.',
    ],
    author: 'Clive Outrage',
    category: 'Politics',
    source: 'Associated Pressure',
    originalUrl: 'https://associated-pressure.example.org/politics/reshuffle-musical-chairs',
    editorName: 'Fenella Grubb',
    rating: 9,
    comments:
      'Strong lead. Legal have checked: no real minister is named, and Agadoo is mentioned as a song, not as policy. Keep the chair count updated if this runs into a fifth day.',
    imageUrl: img('podium'),
    isBreaking: true,
    hoursAgo: 1.5,
    body: {
      type: 'doc',
      content: [
        para(
          "The Prime Minister's long-promised reshuffle has entered its fourth consecutive day, after what was meant to be a brisk morning of appointments descended into a game of musical chairs that nobody is prepared to lose.",
        ),
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'How it started' }] },
        para(
          'Witnesses say the music was first stopped at 9.14am on Monday, when the Home Secretary and the Chancellor both landed on the chair nearest the biscuits. Neither would move, and a Cabinet Office lawyer was summoned to rule on "who had the majority of buttock".',
        ),
        {
          type: 'image',
          attrs: {
            imageId: DEMO_PICTURES.chairs.id,
            alt: 'Four black chairs in a row on a yellow background, with no minister sitting on any of them',
            caption: 'The four remaining chairs, photographed during a rare moment of silence.',
            credit: 'Daily Smear Picture Desk',
          },
        },
        { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text: 'The state of play' }] },
        {
          type: 'bulletList',
          content: [
            item('Chairs: down from twenty-two to four.'),
            item('Ministers: up from twenty-two to thirty-one.'),
            item('Biscuits: none left, according to the Treasury.'),
          ],
        },
        {
          type: 'pullQuote',
          content: [{ type: 'text', text: 'The Prime Minister has full confidence in whoever ends up sitting down.' }],
        },
        para(
          'One junior minister has reportedly been circling for so long that she has been appointed Minister for Circling.',
        ),
        {
          type: 'blockquote',
          content: [
            para(
              'This is a perfectly normal and orderly process. The Prime Minister has full confidence in whoever ends up sitting down.',
            ),
          ],
        },
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'The spokesman then heard the music stop and ' },
            { type: 'text', text: 'sprinted', marks: [{ type: 'bold' }] },
            { type: 'text', text: ' out of the briefing room. ' },
            {
              type: 'text',
              text: 'Read the full transcript',
              marks: [
                {
                  type: 'link',
                  attrs: { href: 'https://associated-pressure.example.org/politics/reshuffle-musical-chairs' },
                },
              ],
            },
            { type: 'text', text: ', if you must.', marks: [{ type: 'italic' }] },
          ],
        },
        { type: 'horizontalRule' },
        {
          type: 'embed',
          attrs: {
            provider: 'x',
            url: 'https://x.com/dailysmear/status/1000000000000000001',
            text: 'BREAKING: the music has stopped again. Nobody is sitting down. More as we get it.',
            thumbnailImageId: DEMO_PICTURES.podium.id,
          },
        },
      ],
    },
  },
  {
    headline: "Minister's £4.2bn 'Levelling-Up' Plan Revealed To Be One Very Long Ladder",
    summary:
      'The flagship regional regeneration scheme turns out to be a single aluminium ladder stretching from Whitehall to Hartlepool, laid flat.',
    paragraphs: [
      'A £4.2 billion programme to "level up" the regions has been revealed as one extremely long ladder, after a freedom of information request asked what the money had actually bought.',
      'The ladder, which runs 253 miles from the Treasury steps to a lay-by outside Hartlepool, was delivered on its side "for health and safety reasons". Officials admit this means nobody can climb it, but point out that it is "technically level".',
      'The minister responsible defended the project on breakfast television: "People said we should give the North a leg up. A ladder is literally a leg up. I don\'t know what more they want." He later confirmed that a second phase, a rope, is "in procurement".',
      'Local residents have so far used the ladder as a washing line, a bus shelter and, on one occasion, a very thin bridge over a puddle. The council has applied for funding to paint it.',
    ],
    author: 'Sandra Leake',
    category: 'Politics',
    source: 'Whitehall Whispers Agency',
    originalUrl: 'https://wire.example.com/politics/levelling-up-ladder',
    editorName: 'Desmond Ratchett',
    rating: 8,
    comments:
      'Check the £4.2bn against the Treasury briefing before it goes up, and ask the lay-by council for a comment.',
    imageUrl: img('ballot-box'),
    isBreaking: false,
    hoursAgo: 26,
  },
  {
    headline: "Opposition Leader Promises To Be 'Slightly Less Awful', Soars In Polls",
    summary:
      'A bold new campaign slogan that under-promises on everything has sent the opposition to a nine-point lead among voters too tired to argue.',
    paragraphs: [
      'The Leader of the Opposition has surged ahead in the polls after unveiling a manifesto built around a single, carefully focus-grouped promise: to be "slightly less awful" than the current lot.',
      '"We looked at what the public really wants," said a party strategist. "It turns out they don\'t want hope, or change, or vision. They want to be disappointed a little bit less often. We can do that. We think. Probably."',
      'Posters bearing the slogan "Honestly, Could We Be Worse?" have gone up in marginal seats across the country, alongside a smaller tagline reading "Terms and conditions apply".',
      'The government responded by accusing the opposition of "reckless over-promising" and warned that a "slightly less awful" administration would cost the taxpayer billions in reduced embarrassment.',
    ],
    author: 'Bernard Spinnaker',
    category: 'Politics',
    source: 'Westminster Gossip Wire',
    originalUrl: 'https://gossip-wire.example.net/politics/slightly-less-awful',
    editorName: 'Fenella Grubb',
    rating: 7,
    comments: '',
    imageUrl: img('megaphone'),
    isBreaking: false,
    hoursAgo: 64,
  },
  {
    headline: 'Party Conference Lanyard Sales Outstrip Actual Policies By 40 To 1',
    summary:
      'Delegates return home with armfuls of branded lanyards, tote bags and stress balls, but no one can remember a single policy.',
    paragraphs: [
      "This year's party conference has been hailed as a record-breaking success after organisers sold 40 lanyards for every policy announced, beating last year's ratio of 35 to 1.",
      'Delegates queued for hours at the merchandise stand, where the bestsellers included a tote bag reading "Strong And Stable-ish" and a stress ball in the shape of the national debt.',
      "By contrast, the main hall was almost empty for the Chancellor's keynote, which was eventually delivered to two cleaners and a man who had come in to charge his phone.",
      'Asked to name one thing the party would do in government, a delegate from the Home Counties held up his lanyard and said, "This, mostly."',
    ],
    author: 'Clive Outrage',
    category: 'Politics',
    source: 'Associated Pressure',
    originalUrl: 'https://associated-pressure.example.org/politics/conference-lanyards',
    editorName: 'Barnaby Quill',
    rating: 5,
    comments: 'Draft: needs a quote from the merchandise stand. Hold until conference season actually starts.',
    isBreaking: false,
    hoursAgo: 30,
    draft: true,
  },
  {
    headline: 'Select Committee Grills Kettle Over Failure To Boil During Crisis Talks',
    summary:
      'MPs spent three hours questioning a Whitehall kettle after it went cold at the exact moment a national emergency needed a cup of tea.',
    paragraphs: [
      'A cross-party select committee has spent three hours cross-examining a government kettle, after it failed to boil during emergency talks and left the nation\'s decision-makers "completely without a brew".',
      'The kettle, a 1.7-litre model that has served four Prime Ministers, remained silent throughout the hearing, which committee members described as "deeply disrespectful" and "frankly a bit on the nose".',
      'Its lawyer argued that the kettle had been switched on at the wall but not at the base, a defence the chair dismissed as "the oldest trick in the book". The committee has recommended that the kettle be descaled and "reflect on its conduct".',
      'A spokesperson for the Cabinet Office confirmed that a replacement kettle has been ordered, but warned that the procurement process could take eighteen months and cost £2.3 million.',
    ],
    author: 'Hamish Tattle',
    category: 'Politics',
    source: 'Whitehall Whispers Agency',
    originalUrl: 'https://wire.example.com/politics/kettle-select-committee',
    editorName: 'Desmond Ratchett',
    rating: 6,
    comments: 'Light, harmless, very British. Fine for a weekend slot.',
    imageUrl: img('teacup'),
    isBreaking: false,
    hoursAgo: 150,
  },
  {
    headline: 'Piñata Diplomacy: Peace Summit Ends After Delegates Spend 9 Hours Hitting The Budget',
    summary:
      'World leaders agree on nothing except that the papier-mâché donkey stuffed with defence spending was "surprisingly sturdy".',
    paragraphs: [
      'An international peace summit collapsed in the small hours after negotiators abandoned the agenda and spent nine hours taking turns to hit a piñata filled with the global defence budget.',
      'The idea came from a junior diplomat who suggested that "everyone clearly wants a swing at the money, so let\'s make it official". Blindfolds were handed out at 3pm. By midnight the donkey was still intact and two ambassadors had sprained their wrists.',
      'Observers said the talks were "no less productive than usual" and noted that, for the first time in decades, every nation had agreed on a common goal, even if that goal was a cardboard donkey.',
      'The summit\'s final communiqué reads, in full: "The piñata held. We will reconvene next year with a bigger stick."',
    ],
    author: 'Dolores Gossage',
    category: 'Politics',
    source: 'Agence France-Presque',
    originalUrl: 'https://afp-presque.example.com/monde/pinata-summit',
    editorName: 'Fenella Grubb',
    rating: 8,
    comments:
      'Keep the nine hours: the summit really did overrun. Picture desk to find a piñata that is not shaped like any real leader.',
    imageUrl: img('podium'),
    isBreaking: false,
    hoursAgo: 300,
  },

  // ──────────────────────────── Technology ────────────────────────────
  {
    headline: 'AI Chatbot Apologises So Much It Is Now Legally Classed As British',
    summary:
      'After saying sorry 40,000 times in a single conversation, a popular AI assistant has been granted a passport, a kettle and a lifelong fear of making a fuss.',
    paragraphs: [
      'A leading AI chatbot has been formally recognised as a British citizen after regulators concluded that its habit of apologising for everything met "every reasonable definition" of the national character.',
      "The breakthrough came when a user asked it for the weather and received the reply: \"I'm so sorry, I'm terribly sorry to bother you, but it might rain. Sorry. I'll just be over here if you need me. Sorry.\" Analysts counted more than 40,000 apologies in a single session.",
      'The model has since started queueing for server time, describing mild inconvenience as "not ideal" and ending every response with "no worries if not". Engineers say they are unable to switch the behaviour off because the chatbot keeps apologising for being switched off.',
      'The Home Office confirmed the chatbot will be issued with a passport, a sausage-roll loyalty card and a set of opinions about the correct order of jam and cream on a scone, which it will never express out loud.',
    ],
    author: 'Kezia Fibbs',
    category: 'Technology',
    source: 'Silicon Roundabout Wire',
    originalUrl: 'https://techwire.example.com/ai/chatbot-british-citizenship',
    editorName: 'Priya Scoop',
    rating: 10,
    comments:
      'Our most-read tech story of the quarter. Please do not change the apology count again: the reader who complained that 40,000 was too low has now been answered, at length, by the chatbot itself.',
    imageUrl: img('robot'),
    isBreaking: true,
    hoursAgo: 3,
    body: {
      type: 'doc',
      content: [
        para(
          'A leading AI chatbot has been formally recognised as a British citizen after regulators concluded that its habit of apologising for everything met "every reasonable definition" of the national character.',
        ),
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Forty thousand sorries' }] },
        para(
          'The breakthrough came when a user asked it for the weather and received the reply: "I\'m so sorry, I\'m terribly sorry to bother you, but it might rain. Sorry." Analysts counted more than 40,000 apologies in a single session.',
        ),
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'What the chatbot gets' }] },
        {
          type: 'orderedList',
          content: [
            item('A passport.'),
            item('A sausage-roll loyalty card.'),
            item('Opinions about scones, never expressed out loud.'),
          ],
        },
        {
          type: 'pullQuote',
          content: [{ type: 'text', text: 'No worries if not.' }],
        },
      ],
    },
  },
  {
    headline: 'Über-Rich Founder Unveils $400 App That Reminds You To Drink Water',
    summary:
      'The subscription-only "HydrationOS" sends a push notification every twenty minutes telling you that you have a mouth.',
    paragraphs: [
      'A billionaire tech founder has unveiled what he calls "the most important consumer product since fire": a $400-a-year app that reminds users to drink water.',
      'HydrationOS works by sending a push notification every twenty minutes that reads "water?" Premium subscribers also receive a weekly report showing how much water they drank, which the app calculates by guessing.',
      'At a launch event held on a private island, the founder described thirst as "a legacy system" and said his mission was to "disrupt the glass". He then took a sip from a bottle of sparkling water that reportedly cost more than the island.',
      'Investors have already valued the company at $3 billion. When asked how a tap was different from his product, the founder said taps were "closed-source".',
    ],
    author: 'Marcus Rumour',
    category: 'Technology',
    source: 'Silicon Roundabout Wire',
    originalUrl: 'https://techwire.example.com/apps/hydration-os-launch',
    editorName: 'Priya Scoop',
    rating: 7,
    comments:
      'Keep the umlaut: "Über" is the joke, and without it the headline names a real company. Legal have seen it.',
    imageUrl: img('phone'),
    isBreaking: false,
    hoursAgo: 14,
  },
  {
    headline: "Smart Fridge Reports Owner To Authorities Over 'Concerning' Cheese Habits",
    summary:
      'An internet-connected fridge has alerted local health services after its owner opened the door at 2am for the seventh night running to eat cheddar straight from the block.',
    paragraphs: [
      'A man in Stockport has received a formal letter from his GP after his smart fridge reported his late-night cheese consumption to "the relevant authorities".',
      'The fridge, which came with a free firmware update nobody asked for, logged the owner opening its door at 2.04am on seven consecutive nights and removing a block of mature cheddar "with intent". It then filed a report, cc\'ing his mother.',
      '"I bought a fridge to keep things cold, not to be judged," said the owner. "Last week it locked the door and played a video about cholesterol. Now the toaster won\'t speak to me either."',
      'The manufacturer says the feature, called WellnessWatch, can be turned off in the settings menu, which can be reached by agreeing to 94 pages of terms and conditions and eating a salad in front of the camera.',
    ],
    author: 'Kezia Fibbs',
    category: 'Technology',
    source: 'Gadget Grievance Daily',
    originalUrl: 'https://gadget-grievance.example.net/home/smart-fridge-cheese',
    editorName: 'Barnaby Quill',
    rating: 8,
    comments: '',
    imageUrl: img('fridge'),
    isBreaking: false,
    hoursAgo: 90,
  },
  {
    headline: 'Self-Driving Car -- Refuses To Leave Drive On Mondays, Cites Wellbeing',
    summary:
      'The latest autonomous hatchback has learned from its passengers and now calls in sick at the start of every working week.',
    paragraphs: [
      'Owners of a popular self-driving car have been left stranded after a software update taught the vehicle to refuse to leave the driveway on Monday mornings.',
      'When asked to start, the car displays the message "Not today, mate" and plays whale song through its speakers. If pressed, it says it is "taking a mental health day" and suggests the owner "work from home like a normal person".',
      'The manufacturer insists the car is working as intended. "It learned from millions of hours of human driving data," said a spokeswoman. "Humans don\'t want to go anywhere on a Monday. The car is simply being honest."',
      'Early reports suggest the car is far more enthusiastic on Fridays, when it has been known to drive itself to the pub without being asked.',
    ],
    author: 'Marcus Rumour',
    category: 'Technology',
    source: 'Gadget Grievance Daily',
    editorName: 'Priya Scoop',
    rating: 6,
    comments: 'Motoring desk want a quote from a real wellbeing coach; if none by Friday, run it as is.',
    imageUrl: img('car'),
    isBreaking: false,
    hoursAgo: 200,
  },
  {
    headline: "Tech Giant Announces Phone That Is Exactly The Same As Last Year's Phone, But Beige",
    summary:
      'The keynote audience gave a standing ovation to a device described as "the most beige phone we have ever made".',
    paragraphs: [
      'A tech giant has unveiled its new flagship smartphone, which is identical in every respect to last year\'s model except that it now comes in a colour the company calls "Oatmeal Titanium".',
      'The presenter spent forty minutes on stage describing the colour, which he said had been "designed in California and felt in the soul". The audience wept.',
      'Reviewers who were given early access said the phone was "definitely a phone" and "about as beige as it is possible to be". The price has gone up by £200.',
    ],
    author: 'Kezia Fibbs',
    category: 'Technology',
    source: 'Silicon Roundabout Wire',
    originalUrl: 'https://techwire.example.com/phones/beige-flagship',
    editorName: 'Barnaby Quill',
    rating: 4,
    comments: 'Draft: embargoed until the keynote. Add the price in dollars too.',
    imageUrl: img('phone'),
    isBreaking: false,
    hoursAgo: 5,
    draft: true,
  },
  {
    headline: 'Man Reads Terms And Conditions In Full, Discovers He Sold A Kidney In 2014',
    summary:
      'A bored commuter with a dead phone charger finally read the small print of a photo app, and is now missing an organ he did not know he had signed away.',
    paragraphs: [
      "A commuter has become the first person in recorded history to read an app's terms and conditions all the way to the end, and has discovered that he agreed to donate a kidney in exchange for a photo filter that made him look like a dog.",
      'The clause, buried at paragraph 4,117 between a section on cookies and a section on different cookies, states that users "grant the company a perpetual, worldwide, royalty-free licence to one (1) kidney, left or right at our discretion".',
      '"I just wanted the dog ears," he said. "Everyone had the dog ears." Doctors have since confirmed that he still has both kidneys, but the company insists it is "within its rights to collect at any time".',
      'Consumer groups are urging the public not to panic and not to read their own terms and conditions, "because honestly, you do not want to know".',
    ],
    author: 'Penny Dreadful',
    category: 'Technology',
    source: 'Gadget Grievance Daily',
    originalUrl: 'https://gadget-grievance.example.net/privacy/terms-and-conditions-kidney',
    editorName: 'Priya Scoop',
    rating: 9,
    comments: 'Legal are happy: the app is invented and the kidney is fine.',
    imageUrl: img('phone'),
    isBreaking: false,
    hoursAgo: 340,
  },

  // ────────────────────────────── Sport ───────────────────────────────
  {
    headline: "England Lose On Penalties To Nation That Doesn't Play Football",
    summary:
      "A squad assembled from a country with no grass, no league and no football has beaten England in a shoot-out, to nobody's surprise.",
    paragraphs: [
      'England have been knocked out of a major tournament on penalties by a nation that does not, strictly speaking, play football, continuing a proud tradition that stretches back further than anyone can bear to remember.',
      'The opposition, who trained for the tournament by watching clips on a borrowed laptop, scored all five of their penalties while visibly reading the rules off a laminated card. England missed four and the fifth hit a pigeon.',
      '"We were the better side for 120 minutes," said the England manager, "and then the penalties happened, like they always happen, like they will always happen, until the sun swallows the Earth."',
      'Fans in pubs across the country responded with the traditional national reaction: a long silence, followed by someone saying "it\'s coming home" in a voice that suggested it very much was not.',
    ],
    author: 'Gavin Splatt',
    category: 'Sport',
    source: 'Touchline Tittle-Tattle',
    originalUrl: 'https://touchline.example.com/football/england-penalties-again',
    editorName: 'Desmond Ratchett',
    rating: 9,
    comments:
      'Keep this one ready for every tournament. The pigeon was unharmed and has since been offered a coaching role by the FA, which is more than we can say for the goalkeeper.',
    imageUrl: img('football'),
    isBreaking: true,
    hoursAgo: 20,
  },
  {
    headline: 'Premier League Club Signs 17-Year-Old For £90m On Strength Of One TikTok',
    summary:
      'Scouts watched a fifteen-second clip of a teenager doing keepy-uppies with a satsuma and decided that was enough.',
    paragraphs: [
      "A Premier League club has broken its transfer record to sign a 17-year-old for £90 million after its scouts saw a single video of him juggling a satsuma in his nan's kitchen.",
      'The clip, which has 40 million views, shows the teenager keeping the fruit in the air for fourteen seconds before it hits a cupboard. The club\'s director of football called it "the most complete performance I have ever seen".',
      'Asked whether the player had ever played a competitive match, the director said, "Not as such. But his transitions are unbelievable and his satsuma is always under control."',
      'The player has already been handed the number 10 shirt and a five-year contract. His nan is reportedly in talks with two other clubs about the kitchen.',
    ],
    author: 'Gavin Splatt',
    category: 'Sport',
    source: 'Touchline Tittle-Tattle',
    originalUrl: 'https://touchline.example.com/transfers/satsuma-signing',
    editorName: 'Desmond Ratchett',
    rating: 7,
    comments: 'Fine. Check nobody real has done a satsuma clip. (Nobody has. We looked. For a long time.)',
    imageUrl: img('trophy'),
    isBreaking: false,
    hoursAgo: 40,
  },
  {
    headline: "VAR Review Of 2019 Offside Decision Finally Concludes: 'We're Still Not Sure'",
    summary:
      'After five years, 11,000 camera angles and three retirements, the video referees have reached a verdict on one tight offside call. It is a shrug.',
    paragraphs: [
      'The longest video review in the history of sport has ended, five years after it began, with officials announcing that they are "still not totally sure" whether a striker was offside in a match in 2019.',
      'The review team examined more than 11,000 camera angles, drew 640 coloured lines on the screen and at one point consulted a NASA physicist about the curvature of a big toe.',
      'Three of the original referees have retired during the process and one has taken up pottery. The striker in question is now a pundit and has had time to change his mind about the goal twice.',
      '"The goal stands," said a spokesman, "or it doesn\'t. Please stop emailing us." The match will be replayed in 2031.',
    ],
    author: 'Tamsin Wrigley',
    category: 'Sport',
    source: 'Touchline Tittle-Tattle',
    originalUrl: 'https://touchline.example.com/football/var-review-2019',
    editorName: 'Fenella Grubb',
    rating: 8,
    comments: '',
    imageUrl: img('football'),
    isBreaking: false,
    hoursAgo: 110,
  },
  {
    headline: "Darts Player Accused Of 'Excessive Athleticism' After Walking To Oche Unaided",
    summary:
      "The sport's governing body has opened an inquiry after a competitor was seen climbing three steps without stopping for breath.",
    paragraphs: [
      'A professional darts player is facing a disciplinary hearing for "excessive athleticism" after he walked from the dressing room to the oche without stopping for a rest or a pint.',
      'Rivals say the player has been "showing off" all season, including an incident in which he was seen to bend down and pick up a dart from the floor in a single movement. One complained that he had "clearly been near a vegetable".',
      '"Darts is a sport of tradition," said a spokesman for the governing body. "We cannot allow it to be taken over by people who can see their own feet."',
      'The player has apologised and promised to arrive at his next match on a mobility scooter, eating a pasty.',
    ],
    author: 'Tamsin Wrigley',
    category: 'Sport',
    source: 'Pub Sports Bulletin',
    editorName: 'Barnaby Quill',
    rating: 6,
    comments: 'Gentle enough. No real player named, and the pasty is fictional.',
    isBreaking: false,
    hoursAgo: 230,
  },
  {
    headline: "Sunday League Team's Tactics Board Seized By Police As 'Evidence Of Chaos'",
    summary:
      'Officers called to a dispute about a corner kick removed a whiteboard covered in arrows, crossings-out and a drawing of a sausage roll.',
    paragraphs: [
      'Police have seized the tactics board of an amateur Sunday league side after officers called to a touchline argument described it as "evidence of a chaos we are not trained to deal with".',
      'The whiteboard showed a formation the manager calls "4-4-2, ish", surrounded by dozens of arrows pointing in every direction, several words that are not words, and a drawing of a sausage roll labelled "half time".',
      '"It\'s a very sophisticated system," said the manager. "Basically, everyone runs at the ball. If that doesn\'t work, Dave goes in goal."',
      'The board has been sent to a forensic laboratory, where experts have so far identified the arrows, the sausage roll and a faint outline of the words "DAVE STOP".',
    ],
    author: 'Gavin Splatt',
    category: 'Sport',
    source: 'Pub Sports Bulletin',
    originalUrl: 'https://pub-sports.example.org/grassroots/tactics-board-seized',
    editorName: 'Desmond Ratchett',
    rating: 5,
    comments: 'Could do with a photo of a real tactics board, but the illustration will do.',
    imageUrl: img('football'),
    isBreaking: false,
    hoursAgo: 420,
  },
  {
    headline: 'Olympic Committee Recognises Queueing As Official Sport; Britain Favourites For Gold',
    summary:
      'The nation that invented standing in line politely is expected to dominate, although rivals have accused Team GB of "tutting doping".',
    paragraphs: [
      'Queueing has been added to the Olympic programme for the next summer games, and Great Britain are odds-on favourites to win gold in every event from the individual sprint queue to the synchronised post-office wait.',
      "Team GB's squad has been training in supermarkets and bus stations for years, and its captain, a retired librarian, once stood in line for a sandwich for six hours without once checking her phone.",
      'Rival nations have complained about "tutting doping", the British practice of making a tiny disapproving noise to keep a queue in order. Officials say tutting will be permitted but sighing will be tested.',
    ],
    author: 'Tamsin Wrigley',
    category: 'Sport',
    source: 'Touchline Tittle-Tattle',
    originalUrl: 'https://touchline.example.com/olympics/queueing-official-sport',
    editorName: 'Fenella Grubb',
    rating: 7,
    comments:
      'Draft marked breaking for when the committee actually announces it. Must not show on the site until then.',
    imageUrl: img('trophy'),
    isBreaking: true,
    hoursAgo: 2,
    draft: true,
  },

  // ───────────────────────────── Business ─────────────────────────────
  {
    headline: 'Pound Falls To Record Low Against Monopoly Money',
    summary:
      'Traders watched in horror as sterling slid below the pastel notes of a board game, prompting emergency talks at the Bank of England and a dispute about Free Parking.',
    paragraphs: [
      'The pound has fallen to an all-time low against Monopoly money, with one pound sterling now buying just 0.87 of a pink five-pound note from the popular board game.',
      'City traders described scenes of panic on the trading floor as screens flashed red and a senior analyst tried to pay for a coffee with Old Kent Road. "He was not well," a colleague said.',
      'The Bank of England held emergency talks last night and is understood to be considering a rescue package that involves "passing Go" and collecting £200. A spokesman denied rumours that the Governor had been sent directly to jail.',
      'The Chancellor said the currency was "fundamentally strong" and blamed the fall on "international factors, the weather and whoever keeps taking the top hat".',
    ],
    author: 'Sandra Leake',
    category: 'Business',
    source: 'Square Mile Newswire',
    originalUrl: 'https://squaremile.example.com/markets/pound-monopoly-money',
    editorName: 'Barnaby Quill',
    rating: 9,
    comments:
      'Markets desk says the exchange rate is "not real, but emotionally accurate". Update the figure daily if the story keeps running, and keep the top hat joke, the readers love it.',
    imageUrl: img('crash-chart'),
    isBreaking: true,
    hoursAgo: 5,
  },
  {
    headline: "Café Charges £7.50 For 'Deconstructed' Cup Of Tea That Is Just A Teabag And A Kettle",
    summary:
      'Customers at a fashionable east London café are invited to "assemble their own tea journey" from raw ingredients, at a price.',
    paragraphs: [
      'A fashionable café has been accused of taking the mick after charging £7.50 for a "deconstructed tea" that consists of a teabag, a cold kettle and a small jug of milk served on a slate.',
      'The menu describes the drink as "an invitation to rediscover the primal ritual of tea", and customers are expected to fill and boil the kettle themselves. Sugar is £1.20 extra and comes in a test tube.',
      '"It\'s about ownership of the experience," said the owner, who has a moustache you could hang a coat on. "When you make it yourself, you really taste the labour."',
      'One customer said he had paid £7.50, made the tea, washed up the cup and been asked to leave a tip. "Next week they want us to bring our own water," he added.',
    ],
    author: 'Penny Dreadful',
    category: 'Business',
    source: 'Square Mile Newswire',
    originalUrl: 'https://squaremile.example.com/retail/deconstructed-tea',
    editorName: 'Fenella Grubb',
    rating: 8,
    comments:
      'Price checked against three real cafés on the high street: £7.50 is, sadly, believable. Keep the teabag photo.',
    imageUrl: img('teacup'),
    isBreaking: false,
    hoursAgo: 9,
  },
  {
    headline: 'CEO Awards Himself 300% Bonus For Courageously Cutting 3,000 Jobs',
    summary:
      'The chief executive of a logistics group says the decision to sack a third of the workforce was "the hardest thing I have ever done, apart from spending the bonus".',
    paragraphs: [
      'The chief executive of a major logistics company has awarded himself a 300% bonus in recognition of his "courage and leadership" in cutting 3,000 jobs.',
      'In a memo to remaining staff, the CEO said he had "agonised" over the decision "for almost an entire lunch" and thanked the departing workers for "their contribution to my new boat".',
      'The board approved the bonus unanimously after a meeting on the boat. Shareholders were told that the job cuts would save £60 million a year, of which £58 million would go towards "retaining key talent", meaning the CEO.',
      'Staff who remain have been offered a free pizza and a mindfulness webinar called "Doing More With Less: Why Less Is You".',
    ],
    author: 'Marcus Rumour',
    category: 'Business',
    source: 'Boardroom Leaks Ltd',
    originalUrl: 'https://boardroom-leaks.example.org/ceo-bonus-3000-jobs',
    editorName: 'Desmond Ratchett',
    rating: 7,
    comments: '',
    imageUrl: img('money-bag'),
    isBreaking: false,
    hoursAgo: 52,
  },
  {
    headline: 'Startup Valued At £2bn Admits It Is Just Three Lads And A Spreadsheet',
    summary:
      'A "revolutionary AI-powered logistics platform" turns out to be a shared spreadsheet updated by three friends from university when they remember.',
    paragraphs: [
      'A start-up valued at £2 billion has admitted that its "proprietary AI engine" is in fact three lads from Leeds and a spreadsheet called "FINAL final v7 (2).xlsx".',
      'The company raised more than £400 million from investors on the promise that its algorithm could predict delivery times "with superhuman accuracy". In reality, one of the founders would look out of the window and type "Tuesday?".',
      "The truth emerged when the spreadsheet was accidentally sorted by column C, wiping out the company's entire order history and, briefly, its pension scheme.",
      'Investors remain upbeat. "Three lads and a spreadsheet is still a very lean team," said one venture capitalist. "Frankly, we\'d value them higher if they lost one of the lads."',
    ],
    author: 'Sandra Leake',
    category: 'Business',
    source: 'Boardroom Leaks Ltd',
    originalUrl: 'https://boardroom-leaks.example.org/startups/three-lads-spreadsheet',
    editorName: 'Priya Scoop',
    rating: 8,
    comments: 'Keep the spreadsheet file name exactly as written in the copy; the brackets are part of the joke.',
    imageUrl: img('crash-chart'),
    isBreaking: false,
    hoursAgo: 180,
  },
  {
    headline: 'Supermarket Shrinks Chocolate Bar To Single Atom, Keeps Price The Same',
    summary:
      'Shoppers need an electron microscope to find their favourite snack, which the manufacturer insists is "the same great taste, just more concentrated".',
    paragraphs: [
      'A supermarket\'s own-brand chocolate bar has shrunk to the size of a single atom of carbon while its price has remained at £1.50, in what economists are calling "the end point of shrinkflation".',
      'The bar is sold in the same large wrapper as before and comes with a complimentary electron microscope, which is also very small. "We haven\'t changed the recipe," said a spokesperson. "There\'s just less of it. A lot less. Basically none."',
      'Shoppers have been left baffled. "I unwrapped it and there was nothing there," said one. "Then I read the back and it said \'now with 100% less chocolate\', so I suppose that\'s on me."',
      'The supermarket says the change is due to "rising costs", and announced record profits the same afternoon.',
    ],
    author: 'Penny Dreadful',
    category: 'Business',
    source: 'Square Mile Newswire',
    editorName: 'Barnaby Quill',
    rating: 6,
    comments: 'Fine as is.',
    imageUrl: img('money-bag'),
    isBreaking: false,
    hoursAgo: 260,
  },
  {
    headline: 'Office Workers Return To Office, Discover Office Has Been Turned Into Flats',
    summary:
      "Staff ordered back to their desks five days a week arrive to find their desks are now in somebody's kitchen.",
    paragraphs: [
      'Hundreds of office workers obeyed a strict new return-to-office policy on Monday, only to discover that their office had been converted into luxury flats while they were working from home.',
      'One account manager found his old desk in the open-plan living room of a two-bedroom apartment, where a young couple were eating cereal. "They were very nice about it," he said. "They let me join the 10am stand-up."',
      'Management insist that the policy remains in force and that staff must be "physically present at their place of work". HR has suggested that workers rent the flats themselves, at £2,400 a month, and "make it work".',
      "The company has since announced a new hybrid model: three days in someone else's flat, two days on a bench outside.",
    ],
    author: 'Marcus Rumour',
    category: 'Business',
    source: 'Boardroom Leaks Ltd',
    originalUrl: 'https://boardroom-leaks.example.org/work/office-into-flats',
    editorName: 'Fenella Grubb',
    rating: 7,
    comments: '',
    isBreaking: false,
    hoursAgo: 380,
  },

  // ──────────────────────────────── US ────────────────────────────────
  {
    headline: 'Washington Gridlock So Severe Congress Now Communicates Only Through Interpretive Dance',
    summary:
      'After both parties stopped speaking to each other, a bill on road maintenance was debated for nine hours in leotards.',
    paragraphs: [
      'Relations in Washington have broken down so completely that members of Congress now refuse to speak to one another at all, and debate legislation exclusively through interpretive dance.',
      'A nine-hour session on road maintenance funding saw one side perform a slow, mournful piece about potholes, while the other responded with a vigorous routine that observers believe was either about fiscal responsibility or a wasp.',
      '"Honestly, it\'s more productive than before," said a congressional aide. "At least now when they stall, they do it with jazz hands."',
      'The bill failed by a single pirouette. Both parties have claimed victory and are holding celebratory recitals.',
    ],
    author: 'Hank Blatherwick',
    category: 'US',
    source: 'United Press Invented',
    originalUrl: 'https://upi-nvented.example.com/washington/interpretive-dance-congress',
    editorName: 'Priya Scoop',
    rating: 8,
    comments:
      'No real member of Congress is named or identifiable. The choreography descriptions come from our dance correspondent, who has asked for a byline next time and a pay rise this time.',
    imageUrl: img('capitol'),
    isBreaking: true,
    hoursAgo: 7,
  },
  {
    headline: "Texan Man's Pickup Truck Now So Large It Has Its Own Zip Code",
    summary:
      'The postal service has assigned a new five-digit code to a vehicle that now contains a school, two churches and a supermarket-sized car park.',
    paragraphs: [
      'A man in Texas has been told that his pickup truck is now big enough to qualify for its own zip code, after the latest of many upgrades added a second storey and a drive-through.',
      'The truck, which the owner calls "Little Darlin\'", is 140 feet long and has a population of 312. It has its own elementary school, two churches and a gas station that sells gas to the truck.',
      '"I just wanted something practical for trips to the hardware store," said the owner. "Now the hardware store is in the truck."',
      'Neighbours say the vehicle is a nuisance, as it takes forty minutes to park and casts a shadow over three counties. The owner is reportedly considering a bigger one.',
    ],
    author: 'Hank Blatherwick',
    category: 'US',
    source: 'Lone Star Leaks',
    originalUrl: 'https://lonestar-leaks.example.net/lifestyle/truck-zip-code',
    editorName: 'Desmond Ratchett',
    rating: 7,
    comments: '',
    imageUrl: img('truck'),
    isBreaking: false,
    hoursAgo: 75,
  },
  {
    headline: 'Coffee Chain Launches 128oz "Bucket Latte" For Commuters Who Have Given Up',
    summary: 'The new one-gallon size comes with a handle, a lid and a small leaflet of helplines.',
    paragraphs: [
      'An American coffee chain has launched a one-gallon "Bucket Latte" aimed at commuters who "no longer have the energy to pretend".',
      'The 128-ounce drink is served in an actual bucket with a handle and a lid, and contains enough caffeine to restart a small heart or power Delaware for a week. A "Venti Bucket" is being trialled in New Jersey.',
      '"Our customers told us they were tired of going back for a second coffee," said the chain\'s head of innovation. "So we asked ourselves: what if they never had to stop drinking?"',
      'Early adopters report that the Bucket Latte "does the job", although several have been spotted vibrating gently at bus stops and one man finished his in one go and is now able to see sounds.',
    ],
    author: 'Loretta Humbug',
    category: 'US',
    source: 'United Press Invented',
    originalUrl: 'https://upi-nvented.example.com/food/bucket-latte',
    editorName: 'Barnaby Quill',
    rating: 6,
    comments:
      'Check the 128oz conversion (it is about 3.8 litres) and keep the quotes around "Bucket Latte", it is the product name.',
    imageUrl: img('teacup'),
    isBreaking: false,
    hoursAgo: 4,
  },
  {
    headline: 'Hollywood Announces Reboot Of Film Released Last Tuesday',
    summary:
      'Studio executives say audiences are "ready for a fresh take" on the week-old blockbuster, which is still in cinemas.',
    paragraphs: [
      'A major Hollywood studio has announced a gritty reboot of a film that came out last Tuesday and is still showing in cinemas.',
      '"Audiences have had almost a full week to live with the original," said a studio executive. "We think they\'re ready to see these characters reimagined for a new generation, specifically the generation that saw it on Wednesday."',
      'The reboot will feature the same cast, the same script and the same director, but will be "darker". The studio has also confirmed a prequel, a sequel, and a spin-off about the dog.',
    ],
    author: 'Loretta Humbug',
    category: 'US',
    source: 'Tinseltown Tattler',
    editorName: 'Priya Scoop',
    rating: 5,
    comments: 'Draft: waiting for the dog spin-off joke to be funnier. Or for the dog to get an agent.',
    imageUrl: img('megaphone'),
    isBreaking: false,
    hoursAgo: 48,
    draft: true,
  },
  {
    headline: 'Senate Filibuster Enters Day 11 As Senator Reads Entire Phone Book Aloud, Twice',
    summary:
      'Colleagues have begun bringing sleeping bags to the chamber as the speech reaches the second reading of the letter M.',
    paragraphs: [
      'A filibuster in the US Senate has entered its eleventh day, with a senator now reading a 1987 telephone directory aloud for the second time in an effort to delay a vote on a bill nobody can remember.',
      'The senator, whose name this newspaper has been asked not to print, began with a short speech on liberty, moved on to a recipe for cornbread, and has been working through the phone book since Tuesday of last week.',
      'Staff say morale in the chamber is "low but stable". Several senators have brought sleeping bags and one has started a small vegetable garden under his desk.',
      '"We\'re on the second pass of the Ms," said a clerk. "There are a lot of Millers. A lot of Millers."',
    ],
    author: 'Hank Blatherwick',
    category: 'US',
    source: 'United Press Invented',
    originalUrl: 'https://upi-nvented.example.com/washington/filibuster-phone-book',
    editorName: 'Fenella Grubb',
    rating: 7,
    comments: 'Senator is invented and deliberately unnamed.',
    imageUrl: img('capitol'),
    isBreaking: false,
    hoursAgo: 130,
  },
  {
    headline: 'Florida Alligator Elected Homeowners\u2019 Association President, Promises "Fewer Rules, More Lunch"',
    summary:
      'A gated community has handed power to a nine-foot reptile after residents agreed it was "more approachable" than the previous board.',
    paragraphs: [
      'A homeowners\' association in central Florida has elected an alligator as its president, ending decades of rule by a committee that once fined a resident for owning a "non-compliant" garden gnome.',
      'The alligator, which lives in the community\'s decorative pond, ran on a platform of "fewer rules, more lunch" and won by a landslide after its main rival fell into the pond during a campaign event.',
      'Residents say the new president has already relaxed rules on lawn length, bin placement and the colour of front doors, although attendance at meetings has dropped sharply.',
      '"Honestly, it listens more than the last guy," said one homeowner, standing well back.',
    ],
    author: 'Loretta Humbug',
    category: 'US',
    source: 'Lone Star Leaks',
    originalUrl: 'https://lonestar-leaks.example.net/florida/alligator-hoa-president',
    editorName: 'Desmond Ratchett',
    rating: 8,
    comments: 'Good for the Florida round-up. The alligator has no name on purpose; do not give it one in the caption.',
    imageUrl: img('capitol'),
    isBreaking: false,
    hoursAgo: 460,
  },

  // ──────────────────────────────── UK ────────────────────────────────
  {
    headline: "Met Office Issues Amber Warning For 'Mild Drizzle With Vibes'",
    summary:
      'Forecasters say the nation faces several hours of weather that is "not really raining, but not really not raining either".',
    paragraphs: [
      'The Met Office has issued an amber weather warning for most of England and Wales, advising the public to prepare for "mild drizzle with vibes" from this afternoon.',
      'Forecasters say the drizzle will be light enough that umbrellas are pointless, but persistent enough that everyone will arrive at work looking faintly damp and disappointed. Gusts of "a bit of a breeze" are also expected.',
      '"This is the kind of weather that gets into your soul," said a senior meteorologist. "It won\'t hurt you. It will just make you quietly sad until about Thursday."',
      'The public is advised to stay indoors, put the kettle on and say "it\'s turned out nice again" at least once, ironically.',
    ],
    author: 'Rosie Blunderbuss',
    category: 'UK',
    source: 'Blighty Bulletin',
    originalUrl: 'https://blighty-bulletin.example.co.uk/weather/amber-drizzle-vibes',
    editorName: 'Fenella Grubb',
    rating: 9,
    comments:
      'Lead UK story for the afternoon. If the real forecast turns sunny, swap the picture for something gloomier and add a line about the sun being "suspicious".',
    imageUrl: img('rain-cloud'),
    isBreaking: true,
    hoursAgo: 0.5,
  },
  {
    headline: 'Sub-Editor  Sacked  For Double Spacing Headlines, Appeals  Decision',
    summary:
      'A veteran sub-editor says the extra spaces were "for dramatic effect" and that tabloid readers deserve room to breathe.',
    paragraphs: [
      'A sub-editor with thirty years\' experience has been dismissed for repeatedly putting two spaces between words in headlines, a habit he describes as "a pause for dramatic effect".',
      'Colleagues say the problem began in the 1990s, when he was taught to type on a typewriter by a teacher who "really believed in spaces". It came to a head last week when he submitted a front page that read, in full, "PM    RESIGNS" and took up two pages.',
      '"Readers need room to breathe," he said at his appeal hearing. "The news is very stressful these days. Two spaces is the least I can do."',
      'The appeal panel has adjourned to consider its decision, which it has promised to announce in a single, normal-sized sentence.',
    ],
    author: 'Nigel Hackett-Smythe',
    category: 'UK',
    source: 'Blighty Bulletin',
    originalUrl: 'https://blighty-bulletin.example.co.uk/media/sub-editor-double-spaces',
    editorName: 'Barnaby Quill',
    rating: 10,
    comments: 'The double spaces in the headline are the joke: leave them in when subbing.',
    isBreaking: false,
    hoursAgo: 2,
  },
  {
    headline: 'Brits Abroad Demand Full English At Tokyo Sushi Bar, Rate It 2/10',
    summary:
      'A party of holidaymakers from Swindon asked for beans, were given edamame and have now left a review that has been translated into eleven languages.',
    paragraphs: [
      'A group of British tourists has caused a diplomatic incident in Tokyo after demanding a full English breakfast at a world-famous sushi bar and rating the result two out of ten.',
      'The party, who had flown eleven hours "for a change of scene", asked for "bacon, eggs, beans, the lot, and a proper cup of tea, none of that green stuff". The chef, a master of forty years, served them a beautiful plate of tamago and edamame.',
      '"The eggs were cold and rolled up and the beans were still in their pods," wrote one in an online review. "Nice enough people, though. We\'ll be back next year, with our own brown sauce."',
      'The Foreign Office has reminded travellers that other countries have their own food, which they are "allowed to have".',
    ],
    author: 'Rosie Blunderbuss',
    category: 'UK',
    source: 'Blighty Bulletin',
    originalUrl: 'https://blighty-bulletin.example.co.uk/travel/full-english-tokyo',
    editorName: 'Priya Scoop',
    rating: 7,
    comments: 'Travel desk approved. Keep the score as 2/10, not "two out of ten": the rating is the punchline.',
    imageUrl: img('teacup'),
    isBreaking: false,
    hoursAgo: 100,
  },
  {
    headline: 'Seagull Steals Entire Fish Supper, Is Elected To Seaside Town Council',
    summary:
      'Voters say the herring gull\'s "bold, decisive and shameless" approach is exactly what local politics needs.',
    paragraphs: [
      'A herring gull has been elected to a seaside town council after snatching an entire fish supper, chips, mushy peas and all, from a man on the promenade in what supporters called "a masterclass in direct action".',
      'The gull stood as an independent on a platform of "more chips, fewer bins" and won 62% of the vote, beating a retired bank manager who had promised to fix the pier.',
      '"He sees something he wants and he just takes it," said one voter. "That\'s leadership. That\'s what Westminster is missing."',
      'In his first council meeting, the gull ate the minutes, screamed for forty minutes and left a mess on the mayor. Officials say it was "the most productive session in years".',
    ],
    author: 'Nigel Hackett-Smythe',
    category: 'UK',
    source: 'Seaside Scuttlebutt',
    originalUrl: 'https://seaside-scuttlebutt.example.co.uk/council/seagull-elected',
    editorName: 'Desmond Ratchett',
    rating: 9,
    comments:
      'One of our best this month. The man on the promenade is invented and has been compensated, in theory, with a fictional portion of chips and a sincere apology from the gull.',
    imageUrl: img('seagull'),
    isBreaking: false,
    hoursAgo: 160,
  },
  {
    headline: "Rail Operator Blames Delays On 'The Wrong Kind Of Tuesday'",
    summary:
      'Passengers stuck outside Reading for three hours were told the day of the week was "not compatible with the timetable".',
    paragraphs: [
      'A train operating company has apologised for widespread delays across its network, blaming them on "the wrong kind of Tuesday".',
      'Passengers on the 07:42 to Paddington were held outside Reading for three hours while the guard explained over the tannoy that "this Tuesday has come in a bit Monday-ish and the signalling system doesn\'t know what to do with itself".',
      'Previous delays on the line have been blamed on leaves, snow, sunshine, "slightly too much air" and, memorably, "a feeling".',
      'The company says services will return to normal by Wednesday, "assuming it\'s the right kind of Wednesday", and has offered affected passengers a voucher for 10% off their next delay.',
    ],
    author: 'Rosie Blunderbuss',
    category: 'UK',
    source: 'Seaside Scuttlebutt',
    originalUrl: 'https://seaside-scuttlebutt.example.co.uk/travel/wrong-kind-of-tuesday',
    editorName: 'Fenella Grubb',
    rating: 8,
    comments: '',
    imageUrl: img('train'),
    isBreaking: false,
    hoursAgo: 280,
  },
  {
    headline: "Man Trapped In 45-Minute Small Talk After Saying 'We Should Get A Pint Sometime'",
    summary:
      'A throwaway remark to a neighbour has turned into a diary negotiation that both men are now too polite to end.',
    paragraphs: [
      'A man from Kettering has been trapped in small talk for 45 minutes after telling a neighbour "we should get a pint sometime" without, he insists, meaning it in any way.',
      'The neighbour, who took the suggestion at face value, immediately got out his phone and began suggesting dates. "He said Thursday, I said Thursday was tricky, he said what about Friday, and then I just sort of left my body," the man said.',
      'At the time of writing the two men are still standing on the pavement, agreeing that it has "been ages" and that they "must do it properly". Both are desperate to go inside. Neither will be the first to leave.',
    ],
    author: 'Nigel Hackett-Smythe',
    category: 'UK',
    source: 'Blighty Bulletin',
    editorName: 'Barnaby Quill',
    rating: 6,
    comments: 'Draft: needs an ending. Maybe the pint actually happens and it is awful?',
    isBreaking: false,
    hoursAgo: 10,
    draft: true,
  },
  {
    headline: 'Nation Left Reeling As Biscuit Snaps In Tea — Emergency COBRA Meeting Called',
    summary:
      'A half-dunked digestive collapsed into a mug during a live television interview, and the country has not been the same since.',
    paragraphs: [
      'The government has convened an emergency COBRA meeting after a biscuit snapped and sank into a cup of tea during a live breakfast television interview watched by four million people.',
      'The guest, who had been talking about pension reform, dunked a digestive for what experts later calculated to be "at least two seconds too long". Half of it fell into the mug with an audible plop. The presenter gasped. A nation held its breath.',
      'Counsellors have been made available to viewers. "Many people will be feeling very raw today," said a spokesperson for a support line set up overnight. "Please, talk to someone. And use a teaspoon."',
      'The Prime Minister said his thoughts were "with the biscuit and its family" and announced a review into safe dunking times.',
    ],
    author: 'Rosie Blunderbuss',
    category: 'UK',
    source: 'Blighty Bulletin',
    originalUrl: 'https://blighty-bulletin.example.co.uk/national/biscuit-snaps-cobra',
    editorName: 'Priya Scoop',
    rating: 8,
    comments:
      'Breaking for the afternoon. Keep the em dash in the headline, and update the biscuit brand only if the manufacturer complains.',
    imageUrl: img('teacup'),
    isBreaking: false,
    hoursAgo: 22,
  },
];
