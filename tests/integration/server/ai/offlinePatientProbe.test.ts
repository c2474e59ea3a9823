import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { signedInClient } from '../../../helpers/httpClient';
import { ask } from '../../../helpers/conversations';

/**
 * Probes the built-in patient through the real socket, the way a newcomer without a key
 * meets it: in each shipped scenario a direct question on each topic, judged on-topic by this
 * file's own word lists (not the engine's), so the engine cannot pass by grading itself.
 */

const PROBES = [
  ['feelings', 'How are you feeling about all this, sitting in the chair today?'],
  ['cost', 'What have you heard about what this might cost?'],
  ['time', 'How easy is it for you to find time for the appointments?'],
  ['pain', 'Has it been hurting at all?'],
  ['procedure', 'What do you know about what the treatment would involve?'],
  ['risks', 'Have you thought about any risks or side effects?'],
  ['alternatives', 'What other options have you thought about, including doing nothing?'],
  ['longevity', 'How long would you want it to last?'],
  ['past', 'How have things gone at the dentist in the past?'],
  ['family', 'What have your family or friends said about it?'],
  ['appearance', 'How do you feel about the way your teeth look?'],
  ['work', 'How is this affecting your work and everyday life?'],
] as const;

type Topic = (typeof PROBES)[number][0];

/** Words a listener would take as an answer on the topic. */
const ON_TOPIC: Record<Topic, RegExp> = {
  feelings:
    /\b(nervous|worr\w*|scared|anxious|upset|tense|uneasy|feel\w*|fed up|angry|relaxed|curious|excited|embarrassed|sceptical|wary|guarded|frustrated|dread\w*|on edge|jittery|cautious|irritated|ashamed|tired|exhausted|giddy|responsible|mixed|frighten\w*|terrified|stressed)\b/i,
  cost: /\b(cost\w*|price\w*|pay\w*|paid|money|afford\w*|expensive|cheap\w*|figure|insurance|quote|budget|fortune|thousands|monthly|pension|bill|pocket|income)\b/i,
  time: /\b(appointments?|visits?|time|weeks?|months?|mornings?|afternoons?|diary|shifts?|sooner|hanging over|lectures|half-term|after school|days?|weekday|lunchtimes|rota|retired|quick\w*|years?)\b/i,
  pain: /\b(pain\w*|hurt\w*|sore|ache\w*|twinge|throb\w*|needles?|injections?|numb\w*|sensitiv\w*|touchy|tender|jolt|stab|painkillers|paracetamol|agony)\b/i,
  procedure:
    /\b(involve\w*|procedure|steps?|what you'd|actually do|drill\w*|file down|screw|painted|cap|grind|test|scraping|varnish|put (it )?on|goes on|applied|fixing|treatment|what happens)\b/i,
  risks:
    /\b(risks?|risky|(go|goes|going|gone|went) wrong|side effects?|safe\w*|toxic|serious|fails?|complications?|health problems)\b/i,
  alternatives:
    /\b(options?|alternatives?|instead|leave|leaving|nothing|simpler|fillings?|braces|pull|have it out|diet|implant|denture|other|wait|abroad|elsewhere)\b/i,
  longevity: /\b(last\w*|years?|redo\w*|replac\w*|forever|fades?)\b/i,
  past: /\b(before|last (time|visit|filling|check-up|clean\w*)|years ago|used to|previous\w*|cancelled|last year|tried|in the past|as a (child|kid|teenager)|i('ve| have)? (had|been)|ever since|years of|never got round)\b/i,
  family:
    /\b(family|partner|wife|husband|mum|dad|daughter|son|kids|children|grandkids|grandchildren|friends?|aunt|genes|home|sister|brother|lads|lily)\b/i,
  appearance:
    /\b(look\w*|smile|smiling|straight|crooked|natural|photos?|colou?r\w*|white\w*|silver|self-conscious|dull|chipped|teased|tidy|stand out|piano keys)\b/i,
  work: /\b(work\w*|job|shifts?|business|cafe|school|uni|office|salon|retired|clients|customers|day to day|garden|firefighter|barrister|drive|pharmacy|porter|warehouse|store|teach\w*|marketing|sales|security|nurse|meetings|calls|chew|eating|busy|on the go|days)\b/i,
};

/** Words that belong to the clinician, not a patient with something to say. */
const BACKCHANNEL = /^(okay|ok|right|go on|okay, go on|i'm listening|i see|mm+|sure|uh-huh)[.!]?$/i;

describe('offline patient probed through the socket', () => {
  let t: TestDb;
  let server: TestServer;

  beforeAll(async () => {
    t = await createTestDb('pglite');
    server = await startTestServer(t.db, { TURNS_PER_HOUR: '100000' });
  });
  afterAll(async () => {
    await server?.close();
    await t?.drop();
  });

  it('answers a direct question on each topic, on that topic, in at least 90% of scenarios', async () => {
    const user = await signedInClient(server.url);
    const { body } = await user.get('/api/scenarios');
    const scenarios = body.scenarios as Array<{ id: string; title: string }>;
    expect(scenarios.length).toBeGreaterThanOrEqual(24);

    const hits = new Map<Topic, number>(PROBES.map(([topic]) => [topic, 0]));
    const misses: string[] = [];
    for (const scenario of scenarios) {
      const created = await user.post('/api/conversations', { scenarioId: scenario.id });
      const replies = await ask(
        user,
        created.body.session.id as string,
        PROBES.map(([, question]) => question),
      );
      PROBES.forEach(([topic, question], i) => {
        const reply = replies[i] ?? '';
        if (ON_TOPIC[topic].test(reply)) hits.set(topic, (hits.get(topic) ?? 0) + 1);
        else misses.push(`${scenario.title} | ${question} -> ${reply}`);
        expect(reply, `${scenario.title}: ${question}`).not.toMatch(BACKCHANNEL);
      });
      // No line twice in one conversation.
      expect(new Set(replies).size, scenario.title).toBe(replies.length);
    }

    const rates = PROBES.map(
      ([topic]) => [topic, (hits.get(topic) ?? 0) / scenarios.length] as const,
    );
    console.log(
      [
        `On-topic answers to a direct question, across ${scenarios.length} scenarios:`,
        ...rates.map(([topic, rate]) => `  ${topic.padEnd(13)} ${(rate * 100).toFixed(0)}%`),
        ...(misses.length > 0 ? ['Off-topic answers:', ...misses.map((m) => `  ${m}`)] : []),
      ].join('\n'),
    );
    for (const [topic, rate] of rates) expect(rate, topic).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});
