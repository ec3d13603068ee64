import type { CSSProperties } from "react";
import type { PeopleModule } from "~/lib/content/model";
import { personLayout } from "~/lib/media/layouts";
import { Image } from "./Image";

/**
 * The people module: portraits in a row on the page's grid (styles/people.css), each with the
 * person's name and role under it where the content has them (docs/content-model.md). A
 * person without either shows the portrait alone: no empty caption.
 */
export function People({ heading, people }: Pick<PeopleModule, "heading" | "people">) {
  if (!people?.length) return null;
  // The row has as many columns as people, within the limits people.css sets per screen size.
  const style = { "--people": people.length } as CSSProperties;
  const layout = personLayout(people.length);
  return (
    <div className="people-module">
      {heading ? <h2 className="module-heading">{heading}</h2> : null}
      <ul className="people" style={style}>
        {people.map((person) => {
          const name = person.name?.trim();
          const role = person.role?.trim();
          return (
            <li key={person._key} className="person">
              <figure className="person__figure">
                <Image image={person.image} {...layout} className="person__image" />
                {name || role ? (
                  <figcaption className="person__caption">
                    {name ? <span className="person__name">{name}</span> : null}
                    {role ? <span className="person__role">{role}</span> : null}
                  </figcaption>
                ) : null}
              </figure>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
