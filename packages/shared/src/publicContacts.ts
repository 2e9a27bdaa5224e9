/**
 * Outside bodies our public pages and mails point to. Kept apart from the texts: they are
 * facts about the world, not our wording, and a changed number is changed once here.
 */
export const PUBLIC_CONTACTS = {
  /** 警察相談専用電話 (the police's consultation line, nationwide). */
  policeConsultation: '#9110',
  /** The police's emergency number. */
  emergencyPolice: '110',
  internetHotlineCenter: { name: 'インターネット・ホットラインセンター', url: 'https://www.internethotline.jp/' },
  /** 総務省の支援事業: advises anyone how to ask another site to remove what harms them. */
  illegalHarmfulInfoConsultation: { name: '違法・有害情報相談センター', url: 'https://ihaho.jp/' },
  /** The government's line for victims of private sexual images (法務省 人権相談). */
  humanRightsHotline: { name: 'みんなの人権110番', phone: '0570-003-110' },
} as const;
