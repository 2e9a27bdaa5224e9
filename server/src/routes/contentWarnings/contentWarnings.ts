import { contentWarningKeys, TEXTS } from '@hiraku/shared';
import { setReportWarnings } from '../../commands/contentWarnings/warningModerator';
import { saveContentWarningSettings } from '../../commands/contentWarnings/warningSettings';
import { writeTransaction } from '../../db/transaction';
import type { EndpointHandlers, KeysOf } from '../../http/endpoints';
import type { AppServices } from '../../services';
import { loadContentWarningSettings } from '../../visibility';

/** /api/content-warnings/* and the operators' change of a report's labels. */
export function contentWarningHandlers(services: AppServices): EndpointHandlers<KeysOf<'contentWarnings'>> {
  const { models, sequelize } = services;
  return {
    'contentWarnings.settings': ({ user }) => loadContentWarningSettings(sequelize, user.id),
    'contentWarnings.saveSettings': async ({ user, body }) => {
      const settings = await writeTransaction(sequelize, (transaction) => saveContentWarningSettings(sequelize, user.id, body, { transaction }));
      return { message: TEXTS.contentWarnings.settingsSaved, settings };
    },
    'contentWarnings.moderate': async ({ user, params, body }) => {
      const { changed, report } = await writeTransaction(sequelize, (transaction) =>
        setReportWarnings(models, { actor: user, reportId: params.id, ...body }, { transaction }),
      );
      return {
        message: changed ? TEXTS.contentWarnings.moderationSaved : TEXTS.contentWarnings.moderationUnchanged,
        changed,
        report: { id: report.id, warnings: contentWarningKeys(report.warningMask), warningOther: report.warningOther, warningsLocked: report.warningsLocked },
      };
    },
  };
}
