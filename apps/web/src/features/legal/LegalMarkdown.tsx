import type { MouseEvent, ReactNode } from 'react';
import { Anchor, List, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Link } from 'react-router';
import type { LegalBlock, LegalListItem, LegalRun } from '@mindledger/domain';
import classes from './legal.module.css';

export interface LegalMarkdownProps {
  blocks: LegalBlock[];
  /** The HTML level of the text's '##' headings ('###' one below). */
  headingLevel: number;
  /** Prefix of the heading ids, so two renderings on one page never share an id. */
  idPrefix?: string;
  /** Links to other pages open in a new tab (inside a form or a modal, nothing is lost). */
  linksInNewTab?: boolean;
  size?: 'sm' | 'md';
}

const order = (level: number): TitleOrder => Math.min(Math.max(level, 1), 6) as TitleOrder;

/** Scrolls to an anchor of this rendering (inside a panel too) and moves the focus there. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

function RunLink({ run, props }: { run: LegalRun; props: LegalMarkdownProps }) {
  const href = run.href ?? '';
  const content = run.bold ? <strong>{run.text}</strong> : run.text;
  if (href.startsWith('#')) {
    const id = `${props.idPrefix ?? ''}${href.slice(1)}`;
    return (
      <Anchor href={`#${id}`} onClick={(event) => jumpTo(event, id)} inherit>
        {content}
      </Anchor>
    );
  }
  if (href.startsWith('/')) {
    return props.linksInNewTab ? (
      <Anchor href={href} target="_blank" rel="noopener" inherit>
        {content}
      </Anchor>
    ) : (
      <Anchor component={Link} to={href} inherit>
        {content}
      </Anchor>
    );
  }
  const external = href.startsWith('https:');
  return (
    <Anchor href={href} inherit {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {content}
    </Anchor>
  );
}

function Runs({ runs, props }: { runs: LegalRun[]; props: LegalMarkdownProps }) {
  return runs.map((run, index) =>
    run.href ? (
      <RunLink key={index} run={run} props={props} />
    ) : run.bold ? (
      <strong key={index}>{run.text}</strong>
    ) : (
      run.text
    ),
  );
}

interface ListNode {
  item: LegalListItem;
  children: ListNode[];
}

/** Nests the flat items by depth (an item deeper than its parent goes under it). */
function nest(items: LegalListItem[]): ListNode[] {
  const roots: ListNode[] = [];
  const stack: ListNode[] = [];
  for (const item of items) {
    const node = { item, children: [] };
    while (stack.length && (stack.at(-1) as ListNode).item.depth >= item.depth) stack.pop();
    const parent = stack.at(-1);
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  }
  return roots;
}

function ListBlock(props: { nodes: ListNode[]; ordered: boolean; md: LegalMarkdownProps }) {
  const { nodes, ordered, md } = props;
  return (
    <List
      type={ordered ? 'ordered' : 'unordered'}
      size={md.size ?? 'md'}
      spacing={4}
      className={classes.list}
    >
      {nodes.map((node, index) => (
        <List.Item key={index}>
          <Runs runs={node.item.runs} props={md} />
          {node.children.length > 0 && <ListBlock nodes={node.children} ordered={false} md={md} />}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * Renders a legal text read by the domain's Markdown reader (packages/domain/src/legal/markdown.ts)
 * as React elements: no HTML is ever injected. The text's own title ('#') is left to the caller.
 */
export function LegalMarkdown(props: LegalMarkdownProps) {
  const { blocks, headingLevel, idPrefix = '', size = 'md' } = props;
  const parts: ReactNode[] = blocks.map((block, index) => {
    if (block.type === 'heading') {
      if (block.level === 1) return null;
      return (
        <Title
          key={index}
          id={`${idPrefix}${block.id}`}
          order={order(headingLevel + block.level - 2)}
          size={(size === 'sm' ? ['h5', 'h6'] : ['h4', 'h5'])[block.level === 2 ? 0 : 1]}
          tabIndex={-1}
          className={classes.heading}
        >
          <Runs runs={block.runs} props={props} />
        </Title>
      );
    }
    if (block.type === 'list')
      return <ListBlock key={index} nodes={nest(block.items)} ordered={block.ordered} md={props} />;
    return (
      <Text key={index} fz={size}>
        <Runs runs={block.runs} props={props} />
      </Text>
    );
  });
  return (
    <Stack gap="sm" className={classes.text}>
      {parts}
    </Stack>
  );
}
