/** The one map from Markdown (hast) tags to site components, and the hast -> React conversion. */
import type { Root } from 'hast';
import { toJsxRuntime, type Components } from 'hast-util-to-jsx-runtime';
import { Children, isValidElement, type ReactNode } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { Island } from '../islands/Island.js';
import { isExternal, isUnsafeUrl, withBase } from '../seo/urls.js';

type Props<T extends keyof React.JSX.IntrinsicElements> = React.JSX.IntrinsicElements[T] & { node?: unknown };

/** Builds the tag map for a site served under `base`. */
export function markdownComponents(base: string): Partial<Components> {
  return {
    figure: CodeFigure,
    code: Code,
    table: ScrollTable,
    a: ({ node: _n, href, children, ...rest }: Props<'a'>) => <SmartLink base={base} href={href} {...rest}>{children}</SmartLink>,
    img: ({ node: _n, src, alt, ...rest }: Props<'img'>) => (
      <img src={typeof src === 'string' && src.startsWith('/') ? withBase(base, src) : src} alt={alt ?? ''} loading="lazy" decoding="async" {...rest} />
    ),
    h2: (p: Props<'h2'>) => <Heading level={2} {...p} />,
    h3: (p: Props<'h3'>) => <Heading level={3} {...p} />,
  };
}

/** Converts a body's hast to React elements through the tag map. */
export function renderHast(tree: Root, components: Partial<Components>): ReactNode {
  return toJsxRuntime(tree, { Fragment, jsx, jsxs, components, elementAttributeNameCase: 'react', stylePropertyNameCase: 'dom', passNode: true });
}

/**
 * A link: site paths get the base, web links to other sites open in a new tab (mailto: and tel: open their app,
 * not a tab), script URLs are not links at all.
 */
export function SmartLink({ base, href, children, ...rest }: { base: string; href?: string; children?: ReactNode } & Omit<Props<'a'>, 'href'>) {
  if (!href || isUnsafeUrl(href)) return <span className="link-removed">{children}</span>;
  if (isExternal(href) && /^(https?:)?\/\//i.test(href))
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  return <a href={href.startsWith('/') ? withBase(base, href) : href} {...rest}>{children}</a>;
}

function Heading({ level, id, children, node: _n, ...rest }: { level: 2 | 3; id?: string; children?: ReactNode; node?: unknown; className?: string }) {
  const Tag = `h${level}` as const;
  // A heading for screen readers only (the footnotes' label) gets no anchor: a focus stop nobody could see.
  const shown = !rest.className?.split(' ').includes('sr-only');
  return (
    <Tag id={id} {...rest}>
      {children}
      {id && shown ? (
        <a className="heading-anchor" href={`#${id}`} aria-label="Link to this section">
          #
        </a>
      ) : null}
    </Tag>
  );
}

function ScrollTable({ node: _n, ...props }: Props<'table'>) {
  return (
    <div className="table-scroll" tabIndex={0} role="group" aria-label="Scrollable table">
      <table {...props} />
    </div>
  );
}

/** Inline code, or a highlighted block's code element with the inner HTML the highlighter made for it. */
function Code({ node, children, ...props }: Props<'code'> & { node?: { data?: { html?: unknown } } }) {
  const html = node?.data?.html;
  if (typeof html === 'string') return <code {...props} dangerouslySetInnerHTML={{ __html: html }} />;
  return <code {...props}>{children}</code>;
}

/**
 * A highlighted code block (rehype-pretty-code's figure): its title (`title="…"`) first, then the language label
 * and the Copy button, the code, and its caption (`caption="…"`) last. Inline code with a language is a span.
 */
function CodeFigure({ node: _n, children, ...props }: Props<'figure'>) {
  if (!('data-rehype-pretty-code-figure' in props)) return <figure {...props}>{children}</figure>;
  let language = 'text';
  const title: ReactNode[] = [];
  const rest: ReactNode[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<{ 'data-language'?: string; 'data-rehype-pretty-code-title'?: string }>(child)) return void rest.push(child);
    if (child.props['data-language']) language = child.props['data-language'];
    (child.props['data-rehype-pretty-code-title'] !== undefined ? title : rest).push(child);
  });
  const label = language === 'plaintext' ? 'text' : language === 'ansi' ? 'terminal' : language;
  return (
    <figure className="code-block" {...props}>
      {title}
      <div className="code-head">
        <span className="code-lang">{label}</span>
        <Island name="CopyButton" props={{ language }} when="interaction" />
      </div>
      {rest}
    </figure>
  );
}
