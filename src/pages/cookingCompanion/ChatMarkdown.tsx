import type { MouseEvent, ReactNode } from "react";
import { useRouter } from "@tanstack/react-router";
import Markdown, { type Components } from "react-markdown";

/** Only this site's own paths are links; anything else (javascript:, data:, other sites) renders as plain text. */
export function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  return /^\/(?!\/)[A-Za-z0-9\-._~/?=&%#]*$/.test(href) ? href : null;
}

/** A site link that navigates inside the app (a plain click) and still opens in a new tab with a modifier. */
function InternalLink({ href, children }: { href: string; children: ReactNode }) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.push(href);
  };
  return (
    <a href={href} onClick={onClick}>
      {children}
    </a>
  );
}

const components: Components = {
  a({ href, children }) {
    const safe = safeHref(href);
    if (!safe) return <span>{children}</span>;
    return <InternalLink href={safe}>{children}</InternalLink>;
  },
};

/**
 * An assistant answer as markdown: raw HTML is dropped (skipHtml, no rehype-raw), images are not rendered, and
 * links keep only site paths (urlTransform and the link renderer both check).
 */
export function ChatMarkdown({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <Markdown skipHtml disallowedElements={["img"]} unwrapDisallowed urlTransform={(url) => safeHref(url) ?? ""} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
