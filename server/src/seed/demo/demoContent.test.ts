import { charLength, LIMITS } from '@hiraku/shared';
import sharp from 'sharp';
import { isCommonPassword } from '../../auth/commonPasswords';
import { DEFAULT_TAGS } from '../taxonomy';
import { iconArtSvg, renderIconArt, renderReportArt, reportArtSvg } from './demoImages';
import { DEMO_MEMBERS, DEMO_MEMBERS_DEFAULT, DEMO_PASSWORD, demoEmail } from './demoMembers';
import { DEMO_DRAFTS, DEMO_REPORTS } from './demoReports';
import { hashText } from './random';

describe('demo reports', () => {
  it('has at least 30 reports with distinct titles, written by the default members', () => {
    expect(DEMO_REPORTS.length).toBeGreaterThanOrEqual(30);
    const titles = [...DEMO_REPORTS, ...DEMO_DRAFTS].map((report) => report.title);
    expect(new Set(titles).size).toBe(titles.length);
    const authors = new Set(DEMO_REPORTS.map((report) => report.author));
    expect([...authors].every((author) => author >= 0 && author < DEMO_MEMBERS_DEFAULT)).toBe(true);
    expect(authors.size).toBe(DEMO_MEMBERS_DEFAULT);
    expect(DEMO_DRAFTS).toHaveLength(2);
  });

  it.each(DEMO_REPORTS.map((report) => [report.title, report] as const))('%s stays within what the report form accepts', (_title, report) => {
    expect(charLength(report.title)).toBeLessThanOrEqual(LIMITS.reportTitleMax);
    expect(charLength(report.description)).toBeGreaterThan(40);
    expect(charLength(report.description)).toBeLessThanOrEqual(LIMITS.reportTextMax);
    expect(charLength(report.tips)).toBeGreaterThan(20);
    expect(charLength(report.tips)).toBeLessThanOrEqual(LIMITS.reportTextMax);
    if (report.duration) expect(charLength(report.duration)).toBeLessThanOrEqual(LIMITS.durationMax);

    expect(report.tools.length).toBeGreaterThanOrEqual(2);
    expect(report.tools.length).toBeLessThanOrEqual(5);
    for (const tool of report.tools) {
      expect(charLength(tool.name)).toBeGreaterThan(0);
      expect(charLength(tool.name)).toBeLessThanOrEqual(LIMITS.toolNameMax);
      expect(charLength(tool.quantity)).toBeLessThanOrEqual(LIMITS.toolQuantityMax);
    }
    expect(report.steps.length).toBeGreaterThanOrEqual(3);
    expect(report.steps.length).toBeLessThanOrEqual(6);
    for (const step of report.steps) expect(charLength(step)).toBeLessThanOrEqual(LIMITS.stepActionMax);

    expect(report.playCategories.length).toBeGreaterThanOrEqual(1);
    expect(report.playCategories.length).toBeLessThanOrEqual(Math.min(3, LIMITS.playCategoriesMax));
    expect(report.playContents.length).toBeGreaterThanOrEqual(1);
    expect(report.playContents.length).toBeLessThanOrEqual(Math.min(5, LIMITS.playContentsMax));
    for (const name of report.playCategories) expect(DEFAULT_TAGS.playCategory).toContain(name);
    for (const name of report.playContents) expect(DEFAULT_TAGS.playContent).toContain(name);
    for (const comment of report.comments ?? []) expect(charLength(comment)).toBeLessThanOrEqual(LIMITS.commentMax);
  });

  it('keeps drafts within the title limit', () => {
    for (const draft of DEMO_DRAFTS) expect(charLength(draft.title)).toBeLessThanOrEqual(LIMITS.reportTitleMax);
  });
});

describe('demo members', () => {
  it('have valid profiles made of seeded tags', () => {
    for (const member of DEMO_MEMBERS) {
      expect(charLength(member.username)).toBeLessThanOrEqual(LIMITS.usernameMax);
      expect(DEFAULT_TAGS.gender).toContain(member.gender);
      expect(DEFAULT_TAGS.sexualOrientation).toContain(member.sexualOrientation);
      expect(DEFAULT_TAGS.role).toContain(member.role);
      if (member.twitterId !== null) expect(member.twitterId).toMatch(LIMITS.twitterIdPattern);
    }
    expect(new Set(DEMO_MEMBERS.map((member) => member.username)).size).toBe(DEMO_MEMBERS.length);
    expect(demoEmail(0)).toBe('demo1@hiraku.local');
  });

  it('share a password that sign-up itself would accept', () => {
    expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(LIMITS.passwordMin);
    expect(DEMO_PASSWORD.length).toBeLessThanOrEqual(LIMITS.passwordMax);
    expect(isCommonPassword(DEMO_PASSWORD)).toBe(false);
  });
});

describe('demo images', () => {
  it('draws a different picture for each report and the same one for the same seed', () => {
    const svgs = DEMO_REPORTS.map((report) => reportArtSvg(hashText(report.title)));
    expect(new Set(svgs).size).toBe(svgs.length);
    expect(reportArtSvg(42)).toBe(reportArtSvg(42));
    expect(iconArtSvg(1)).not.toBe(iconArtSvg(2));
  });

  it('renders PNGs of the intended size that sharp can read back', async () => {
    const main = await sharp(await renderReportArt(7)).metadata();
    expect([main.format, main.width, main.height]).toEqual(['png', 1200, 800]);
    const icon = await sharp(await renderIconArt(7)).metadata();
    expect([icon.format, icon.width, icon.height]).toEqual(['png', 320, 320]);
  });
});
