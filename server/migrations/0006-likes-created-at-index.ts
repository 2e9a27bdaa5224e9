import type { QueryInterface } from 'sequelize';
import type { MigrationFn } from 'umzug';

// The like-sorted feed catches up on reports liked since the previous page by `likes.created_at`.
export const up: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.addIndex('likes', ['created_at'], { name: 'likes_created_at' });
};

export const down: MigrationFn<QueryInterface> = async ({ context: queryInterface }) => {
  await queryInterface.removeIndex('likes', 'likes_created_at');
};
