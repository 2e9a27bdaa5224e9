import { MODERATION_TEXTS } from '@hiraku/shared';
import { KEYS } from './caseKeys';

const t = MODERATION_TEXTS.cases;
const q = MODERATION_TEXTS.queue;

/** The keys of the queue, shown on the screen. */
export function CaseKeyLegend() {
  return (
    <section className="moderation__keys" aria-labelledby="queue-keys-heading">
      <h2 id="queue-keys-heading" className="moderation__subheading">
        {q.keysHeading}
      </h2>
      <dl className="moderation__key-list">
        {(Object.keys(KEYS) as (keyof typeof KEYS)[]).map((name) => (
          <div key={name}>
            <dt>
              <kbd>{KEYS[name].toUpperCase()}</kbd>
            </dt>
            <dd>{t.keys[name]}</dd>
          </div>
        ))}
        <div>
          <dt>
            <kbd>Space</kbd>
          </dt>
          <dd>{t.keys.select}</dd>
        </div>
      </dl>
    </section>
  );
}
