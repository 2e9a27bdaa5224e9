/** The one place that loads the operators' chunk (the route table and the その他 menu share it, so the bundle carries one loader). */
export const loadOperatorPages = () => import('./operatorPages');
