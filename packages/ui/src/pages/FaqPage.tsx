import { Link } from 'react-router-dom';
import { FAQ_CATEGORIES, FAQ_INTRO, PAGE_TITLES } from '@hiraku/shared';
import { PageTitle } from '../components/PageTitle';
import { PATHS } from '../routes/paths';

export function FaqPage() {
  return (
    <div className="page faq">
      <PageTitle page={PAGE_TITLES.faq} />
      <h1 className="page__title">{PAGE_TITLES.faq}</h1>
      <p className="page__lead">{FAQ_INTRO}</p>
      {FAQ_CATEGORIES.map((category) => (
        // Categories start open so every question is one click away; each can be folded away.
        <details key={category.id} className="faq__category" open>
          <summary className="faq__category-summary">
            <h2 className="faq__category-title">{category.title}</h2>
          </summary>
          <div className="faq__items">
            {category.items.map((item) => (
              <details key={item.question} className="faq__item">
                <summary className="faq__question">{item.question}</summary>
                <div className="faq__answer">
                  {item.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              </details>
            ))}
          </div>
        </details>
      ))}
      <p className="faq__more">
        <Link to={PATHS.contactForm} className="button button--ghost">
          {PAGE_TITLES.contactForm}
        </Link>
      </p>
    </div>
  );
}
