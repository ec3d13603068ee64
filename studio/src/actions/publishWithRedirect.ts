import { useToast } from "@sanity/ui/toast";
import { useClient, type DocumentActionComponent, type DocumentActionProps } from "sanity";
import { keepOldAddress } from "../../../app/lib/slug-change";
import { SANITY_API_VERSION } from "../lib/singletons";

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
    const client = useClient({ apiVersion: SANITY_API_VERSION });
    const toast = useToast();
    if (!action || props.type !== "project") return action;
    return {
      ...action,
      onHandle: async () => {
        try {
          await keepOldAddress(client, {
            projectId: props.id,
            publishedSlug: (props.published as WithSlug | null)?.slug?.current,
            nextSlug: (props.draft as WithSlug | null)?.slug?.current,
          });
        } catch (error) {
          // Not published: the old address would break with nothing to send its visitors on.
          toast.push({
            status: "error",
            title: "Not published: the redirect from the old address could not be saved",
            description: `${(error as Error).message}. Try again; the project is unchanged.`,
            closable: true,
          });
          return;
        }
        action.onHandle?.();
      },
    };
  };
  Action.action = publish.action;
  return Action;
}
