import { upsertReportDocuments } from './reportDocuments';
import { applyReportsIndexSettings, reportsIndexUid } from './reportsIndex';
import { searchableText } from './searchableText';
import { searchReportIds } from './searchReports';
import { deleteIndexesWithPrefix, reportDocument, testSearchClient, uniqueIndexPrefix } from '../test/support';

const client = testSearchClient();
const prefix = uniqueIndexPrefix('searchableText');
const indexUid = reportsIndexUid(prefix);

/**
 * Titles whose digits touch Japanese. Each of the first eight was missed by a search for its own words
 * before documents and queries went through searchableText (measured on Meilisearch 1.21: the
 * tokenizer cut the digits differently in the title and in the query); the last two share their
 * digits, which were matched one by one, in another order.
 */
const TITLES = [
  '鞭1799888389813の記録',
  '蝋燭1799888389813の記録',
  '手順1799888389813の記録',
  '鞭1795688022818の記録',
  '手順1795363889118の記録',
  '無関係1793131656835の記録',
  '手順1791122488621の記録',
  '無関係1798831935183の記録',
  '無関係1796785288288の記録',
  '無関係1796581258728の記録',
];

/** The title's words as a member would type them: the title without its ending. */
const wordsOf = (title: string) => title.replace('の記録', '');

beforeAll(async () => {
  await applyReportsIndexSettings(client, indexUid);
  // As the server builds documents (reportDocumentBuilder).
  await upsertReportDocuments(client, indexUid, TITLES.map((title, index) => reportDocument(index + 1, { title: searchableText(title) })));
});

afterAll(async () => {
  await deleteIndexesWithPrefix(client, prefix);
});

describe('digits written against Japanese', () => {
  it.each(TITLES.map((title, index) => [wordsOf(title), index + 1]))('a search for %s finds that report and no other', async (query, id) => {
    const found = await searchReportIds(client, indexUid, { query, limit: 20 });
    expect(found.ids).toEqual([id]);
  });

  it('matches the last word as a prefix, as members type it', async () => {
    const found = await searchReportIds(client, indexUid, { query: '無関係1796785288', limit: 20 });
    expect(found.ids).toEqual([TITLES.indexOf('無関係1796785288288の記録') + 1]);
  });
});
