import fs from 'node:fs/promises';
import path from 'node:path';
import { reportFormEntries, TEXTS, type ErrorBody, type ReportMutationResponse } from '@hiraku/shared';
import { plainPng } from '../../../test/support/images';
import { publishableForm, sendReportForm, systemTags, type SystemTags } from '../../../test/support/reports';
import { signedInMember } from '../../../test/support/session';
import { startTestApp, type TestApp } from '../../../test/support/testApp';
import { seedTaxonomy } from '../../seed/taxonomy';

/** Issue 19: an image is posted only with both attestations; without them nothing is stored. */
describe('image attestations at upload', () => {
  let app: TestApp;
  let tags: SystemTags;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_FACTOR: '100' } });
    await seedTaxonomy(app.services.models);
    tags = await systemTags(app.services.models);
  });
  afterAll(() => app?.close());

  const uploads = async () => (await fs.readdir(path.join(app.dataDir, 'uploads'), { recursive: true }).catch(() => [])).filter((name) => String(name).includes('.'));

  it.each([
    ['neither', { imageConsent: false, imageMosaic: false }],
    ['consent only', { imageConsent: true, imageMosaic: false }],
    ['mosaic only', { imageConsent: false, imageMosaic: true }],
  ])('refuses an image with %s ticked, in Japanese, writing nothing', async (_label, ticks) => {
    const { client, user } = await signedInMember(app.baseUrl);
    const before = await uploads();
    const fields = reportFormEntries(publishableForm(tags));
    // Sent as given: the helper adds the ticks only when the test names neither.
    fields.push(['imageConsent', String(ticks.imageConsent)], ['imageMosaic', String(ticks.imageMosaic)]);
    const res = await sendReportForm<ErrorBody>(client, 'POST', '/api/reports', fields, { data: await plainPng(), type: 'image/png', name: 'a.png' });
    expect([res.status, res.body.message, res.body.fields?.mainImage]).toEqual([400, TEXTS.image.attestationRequired, TEXTS.image.attestationRequired]);
    expect(await app.services.models.Report.count({ where: { authorId: user.id } })).toBe(0);
    expect(await uploads()).toEqual(before);
  });

  it('stores the image and the time of the attestation with both ticked, and refuses a replacement without them', async () => {
    const { client, user } = await signedInMember(app.baseUrl);
    const startedAt = Date.now();
    const created = await sendReportForm<ReportMutationResponse>(client, 'POST', '/api/reports', { ...publishableForm(tags), imageConsent: true, imageMosaic: true }, { data: await plainPng(), type: 'image/png', name: 'a.png' });
    expect(created.status).toBe(201);
    const row = await app.services.models.Report.findOne({ where: { authorId: user.id } });
    expect(row?.mainImageKey).toBeTruthy();
    expect(row?.imageAttestedAt?.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);

    const before = await uploads();
    const replaced = await sendReportForm<ErrorBody>(client, 'PUT', `/api/reports/${created.body.report._id}`, [...reportFormEntries(publishableForm(tags)), ['imageConsent', 'true']], {
      data: await plainPng(200, 200),
      type: 'image/png',
      name: 'b.png',
    });
    expect([replaced.status, replaced.body.message]).toEqual([400, TEXTS.image.attestationRequired]);
    expect(await uploads()).toEqual(before);
    const after = await app.services.models.Report.findByPk(created.body.report._id);
    expect([after?.mainImageKey, after?.imageAttestedAt?.getTime()]).toEqual([row?.mainImageKey, row?.imageAttestedAt?.getTime()]);

    // Without a new image no attestation is asked for.
    const textOnly = await sendReportForm(client, 'PUT', `/api/reports/${created.body.report._id}`, publishableForm(tags));
    expect(textOnly.status).toBe(200);
  });
});
