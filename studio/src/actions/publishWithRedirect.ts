import { useClient, type DocumentActionComponent, type DocumentActionProps } from "sanity";
import { planSlugChange } from "../../../app/lib/slug-change";

type WithSlug = { slug?: { current?: string } };

/**
 * Publish for projects, with their old address kept (docs/content-model.md,
 * "Redirects"): when the slug being published differs from the live one, a
 * permanent redirect from the old path to the project is written, and any
 * redirect away from the new path removed, in one transaction just before the
 * publish. The publish webhook then purges the pages, as for any redirect.
 */
export function publishWithRedirect(publish: DocumentActionComponent): DocumentActionComponent {
  const Action: DocumentActionComponent = (props: DocumentActionProps) => {
    const action = publish(props);
    const client = useClient({ apiVersion: "2025-02-19" });
    if (!action || props.type !== "project") return action;
    return {
      ...action,
      onHandle: async () => {
        const publishedSlug = (props.published as WithSlug | null)?.slug?.current;
        const nextSlug = (props.draft as WithSlug | null)?.slug?.current;
        if (publishedSlug && nextSlug && publishedSlug !== nextSlug) {
          const redirects = await client.fetch<{ _id: string; source?: string }[]>(
            `*[_type == "redirect"]{ _id, source }`,
          );
          const plan = planSlugChange({ projectId: props.id, publishedSlug, nextSlug, redirects });
          if (plan) {
            const transaction = client.transaction().createOrReplace(plan.create);
            for (const id of plan.remove) transaction.delete(id);
            await transaction.commit();
          }
        }
        action.onHandle?.();
      },
    };
  };
  Action.action = publish.action;
  return Action;
}
