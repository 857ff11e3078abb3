var e=`
.nft-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, 1fr); gap: 8px; }
.nft-tile {
  width: 100%; display: flex; flex-direction: column; gap: 6px; padding: 8px; text-align: start;
  border-radius: calc(var(--aap-border-radius) * 0.75); background: var(--aap-bg-raised);
}
.nft-tile:hover { background: var(--aap-bg-hover); }
.nft-image { width: 100%; height: auto; aspect-ratio: 1; border-radius: 10px; background: var(--aap-icon-bg); object-fit: cover; }
.nft-name { font-weight: 600; font-size: 13px; overflow-wrap: anywhere; }
.nft-detail .nft-image { max-width: 240px; margin: 0 auto; display: block; }
.nft-facts { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; font-size: 14px; }
.nft-facts dt { color: var(--aap-fg-muted); }
.nft-facts dd { margin: 0; overflow-wrap: anywhere; }
.nft-detail a { color: inherit; text-decoration: none; }
`;export{e as t};