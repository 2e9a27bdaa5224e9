import { exportDisclosureRecords } from '../../commands/disclosureRecords';
import { writeTransaction } from '../../db/transaction';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';

/**
 * GET /api/moderation/disclosure-records: the records of one report, comment or member as a CSV
 * download, read and audited in one transaction. Access is the endpoint map's (admins only; see
 * packages/shared/src/api/endpoints/disclosure.ts): nothing else reads the table.
 */
export function disclosureHandlers(services: AppServices): EndpointHandlers<KeysOf<'disclosure'>> {
  return {
    'disclosure.records': async ({ ctx, user, query }) => {
      const csv = await writeTransaction(services.sequelize, (transaction) =>
        exportDisclosureRecords(services.models, { actorId: user.id, targetType: query.targetType, targetId: query.targetId }, { transaction }),
      );
      const name = `disclosure-${query.targetType}-${query.targetId.replace(/[^A-Za-z0-9_-]/g, '_')}.csv`;
      ctx.set('Content-Disposition', `attachment; filename="${name}"`);
      ctx.type = 'text/csv; charset=utf-8';
      // With a BOM, so spreadsheet software opening the file reads the Japanese header as UTF-8.
      ctx.body = `\uFEFF${csv}`;
      return csv;
    },
  };
}
