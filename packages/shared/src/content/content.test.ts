import { TIMINGS } from '../limits';
import { FAQ_CATEGORIES } from './faq';
import { GLOSSARY_SECTIONS } from './glossary';
import { buildPrivacyPolicy } from './privacyPolicy';
import { TERMS_OF_SERVICE } from './termsOfService';

describe('glossary', () => {
  const terms = GLOSSARY_SECTIONS.flatMap((section) => section.entries.map((entry) => entry.term));

  it('has at least 25 distinct terms, each defined', () => {
    expect(new Set(terms).size).toBe(terms.length);
    expect(terms.length).toBeGreaterThanOrEqual(25);
    for (const section of GLOSSARY_SECTIONS) for (const entry of section.entries) expect(entry.definition.length).toBeGreaterThan(20);
  });
});

describe('FAQ', () => {
  const text = FAQ_CATEGORIES.flatMap((category) => category.items.flatMap((item) => [item.question, ...item.answer])).join('\n');

  it('states the lock time in hours but never the session length', () => {
    expect(text).toContain(`約${TIMINGS.lockoutSec / 3600}時間`);
    const sessionDays = TIMINGS.sessionMaxAgeSec / 86_400;
    expect(text).not.toMatch(new RegExp(`${sessionDays}日|${sessionDays / 7}週間`));
  });
});

describe('privacy policy', () => {
  it('names the mailbox it is given in its contact article', () => {
    const policy = buildPrivacyPolicy('privacy@example.jp');
    expect(policy.articles.at(-1)?.contactEmail).toBe('privacy@example.jp');
    // Until the server has named it, no address at all: never a made-up default in its place.
    expect(buildPrivacyPolicy(null).articles.at(-1)?.contactEmail).toBeNull();
    expect(JSON.stringify(buildPrivacyPolicy(null))).not.toContain('@');
  });

  it('carries the same dates as the terms of service', () => {
    const policy = buildPrivacyPolicy(null);
    expect([policy.enactedOn, policy.lastRevisedOn, TERMS_OF_SERVICE.enactedOn, TERMS_OF_SERVICE.lastRevisedOn]).toEqual(Array(4).fill('2024年12月28日'));
  });
});
