/**
 * The kinds of notification (docs/decisions.md "Notifications"). Each kind can be switched off per
 * member for the app and for the daily digest mail.
 */
export const NOTIFICATION_KINDS = [
  'comment',
  'likes',
  'decision',
  'appeal',
  'flagOutcome',
  'announcement',
  // Follows: a followed member's new reports (one a day per author), a new follower, a
  // request to follow (フォロー承認制), and the member's own request approved.
  'followedReport',
  'newFollower',
  'followRequest',
  'followApproved',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The events of GET /api/notifications/stream. */
export const NOTIFICATION_STREAM_EVENTS = ['notification', 'unread', 'refresh'] as const;

/** The stream's comment heartbeat, so proxies and the browser keep an idle connection open. */
export const NOTIFICATION_HEARTBEAT_SEC = 25;

/** The daily digest leaves at 20:00 Japan time, to members not seen for a day. */
export const DIGEST_HOUR_JST = 20;
export const DIGEST_AWAY_HOURS = 24;

export const NOTIFICATION_LIMITS = {
  pageSize: 20,
  readIdsMax: 100,
  announcementTitleMax: 60,
  announcementBodyMax: 2000,
  /** Notifications a digest lists by line; the rest are counted. */
  digestLines: 10,
  /** Events replayed to a stream that resumes with Last-Event-ID. */
  resumeMax: 50,
  /**
   * Open streams one member may hold (tabs, devices) and one address may hold (members behind one
   * address; RATE_LIMIT_FACTOR scales it like every per-address limit): a new one past either closes
   * the oldest, which is told `closed` and does not reconnect. Each costs the API process a socket.
   */
  streamsPerMember: 5,
  streamsPerAddress: 50,
} as const;
