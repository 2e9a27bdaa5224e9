/**
 * Which unique index a Sequelize UniqueConstraintError broke, by the name the migrations gave it
 * (`<table>_<columns>_unique`). MariaDB/MySQL name the key in the message ("Duplicate entry 'x' for key
 * 'tags_category_id_name_unique'", MySQL 8 prefixes the table); SQLite names the columns instead
 * ("UNIQUE constraint failed: tags.category_id, tags.name"), from which the same name follows.
 * A primary key gives `<table>_pkey` on SQLite and `PRIMARY` on MariaDB; unknown shapes give null.
 */
export function brokenUniqueConstraint(error: unknown): string | null {
  for (const message of driverMessages(error)) {
    const mysqlKey = /Duplicate entry [\s\S]* for key '(?:[^'.]+\.)?([^'.]+)'/.exec(message);
    if (mysqlKey?.[1]) return mysqlKey[1];
    const sqliteColumns = /UNIQUE constraint failed: ([\w.]+(?:, [\w.]+)*)/.exec(message);
    if (sqliteColumns?.[1]) {
      const columns = sqliteColumns[1].split(', ').map((column) => column.split('.'));
      const table = columns[0]?.[0];
      if (!table || columns.some(([owner]) => owner !== table)) return null;
      return `${table}_${columns.map(([, name]) => name).join('_')}_unique`;
    }
  }
  return null;
}

function driverMessages(error: unknown): string[] {
  if (typeof error !== 'object' || error === null) return [];
  const wrapper = error as { message?: unknown; parent?: { message?: unknown; sqlMessage?: unknown }; original?: { message?: unknown } };
  return [wrapper.parent?.sqlMessage, wrapper.parent?.message, wrapper.original?.message, wrapper.message].filter((text): text is string => typeof text === 'string');
}
