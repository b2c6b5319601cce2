/// The HTML report's style sheet: system fonts, light and dark colours from
/// `prefers-color-scheme`, and the classes the SVG charts use.
enum HTMLReportStyle {
    static let css: StaticString = """
        :root {
          color-scheme: light dark;
          --bg: #ffffff; --fg: #1f2430; --muted: #5f6878; --card: #f5f6f8; --line: #dde1e7; --band: #f7f8fa;
          --cpu: #2f6fd0; --runnable: #e9a21b; --blocked: #d0463c; --span: #7a5cc7; --stall: #c7372f; --blocking: #1f8a8a;
          --pass: #1a7f37; --fail: #cf222e; --inconclusive: #9a6700; --missing: #8250df; --first-frame: #1a7f37;
          --accent: #2f6fd0;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #11141a; --fg: #e4e7ec; --muted: #9aa3b2; --card: #1a1e26; --line: #2b313c; --band: #161a21;
            --cpu: #5b9cf0; --runnable: #f0b43c; --blocked: #ef6b61; --span: #a58ef0; --stall: #ef6b61; --blocking: #46c2c2;
            --pass: #4ac26b; --fail: #ff7b72; --inconclusive: #d29922; --missing: #bc8cff; --first-frame: #4ac26b;
            --accent: #5b9cf0;
          }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
        main { max-width: 1240px; margin: 0 auto; padding: 20px 20px 40px; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        h2 { font-size: 17px; margin: 28px 0 8px; }
        p { margin: 6px 0; }
        code, .mono, .stack { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
        .muted { color: var(--muted); }
        .frame-pictures { display: flex; flex-wrap: wrap; gap: 12px; }
        .frame-picture { margin: 0; } .frame-picture img { display: block; max-width: 360px; max-height: 280px; border: 1px solid var(--line); }
        .frame-picture figcaption { color: var(--muted); font-size: 12.5px; }
        header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px 16px; border-bottom: 1px solid var(--line); padding-bottom: 12px; }
        .badge { display: inline-block; padding: 2px 10px; border-radius: 999px; font-weight: 600; font-size: 13px; color: #fff; }
        .badge.pass { background: var(--pass); } .badge.fail { background: var(--fail); }
        .badge.inconclusive { background: var(--inconclusive); } .badge.missing { background: var(--missing); }
        dl.meta { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 2px 14px; margin: 12px 0 0; width: 100%; }
        dl.meta dt { color: var(--muted); } dl.meta dd { margin: 0; }
        table { border-collapse: collapse; width: 100%; background: var(--card); border-radius: 6px; overflow: hidden; }
        th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-weight: 600; color: var(--muted); font-size: 12.5px; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        tr:last-child td { border-bottom: 0; }
        .status { font-weight: 600; white-space: nowrap; }
        .status-pass { color: var(--pass); } .status-fail { color: var(--fail); }
        .status-inconclusive { color: var(--inconclusive); } .status-missing { color: var(--missing); }
        .card { background: var(--card); border-radius: 6px; padding: 10px 12px; }
        svg { width: 100%; height: auto; display: block; background: var(--card); border-radius: 6px; }
        svg text { fill: var(--fg); font-size: 12px; }
        svg .label { font-size: 12.5px; }
        svg .span-label { fill: var(--muted); font-size: 11.5px; }
        svg .lane-label { fill: var(--muted); font-style: italic; }
        svg .axis, svg .value, svg .marker-label { fill: var(--muted); font-size: 11px; }
        svg .grid { stroke: var(--line); stroke-width: 1; }
        svg .band { fill: var(--band); }
        svg .cpu { fill: var(--cpu); } svg .runnable { fill: var(--runnable); } svg .blocked { fill: var(--blocked); }
        svg .unsampled { fill: var(--line); }
        svg .span-bar rect { fill: var(--span); opacity: .8; }
        svg rect.stall { fill: var(--stall); opacity: .85; } svg rect.blocking { fill: var(--blocking); opacity: .9; }
        svg .event-mark:hover rect { opacity: 1; stroke: var(--fg); stroke-width: 1; }
        svg .first-frame { stroke: var(--first-frame); stroke-width: 2; }
        svg .limit line { stroke-width: 2; stroke-dasharray: 5 3; }
        svg .limit-pass line { stroke: var(--pass); } svg .limit-fail line { stroke: var(--fail); }
        svg .limit-inconclusive line { stroke: var(--inconclusive); } svg .limit-missing line { stroke: var(--missing); }
        svg .limit-pass polygon { fill: var(--pass); } svg .limit-fail polygon { fill: var(--fail); }
        svg .limit-inconclusive polygon { fill: var(--inconclusive); } svg .limit-missing polygon { fill: var(--missing); }
        svg .axis-line { stroke: var(--line); } svg .range { stroke: var(--muted); stroke-width: 2; opacity: .5; }
        svg .dot { fill: var(--cpu); opacity: .75; } svg .dot.chosen { fill: var(--runnable); opacity: 1; stroke: var(--fg); stroke-width: 1; }
        svg .median { stroke: var(--fg); stroke-width: 2; }
        .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 6px 0 8px; color: var(--muted); font-size: 12.5px; }
        .legend i { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 5px; vertical-align: -1px; }
        .legend i.line { height: 0; border-top: 2px dashed var(--fail); width: 16px; border-radius: 0; vertical-align: 3px; }
        .legend i.ff { height: 0; border-top: 2px solid var(--first-frame); width: 16px; border-radius: 0; vertical-align: 3px; }
        details.event { background: var(--card); border-radius: 6px; margin: 4px 0; padding: 4px 10px; }
        details.event[open] { outline: 2px solid var(--accent); }
        details.event summary { cursor: pointer; }
        .tag { display: inline-block; border-radius: 4px; padding: 0 6px; font-size: 12px; color: #fff; margin-right: 6px; }
        .tag.stall { background: var(--stall); } .tag.blocking { background: var(--blocking); }
        ol.stack { margin: 6px 0 4px; padding-left: 28px; }
        ol.stack li { white-space: pre-wrap; word-break: break-all; }
        .stack .count { color: var(--muted); }
        .findings { display: grid; gap: 8px; grid-template-columns: repeat(auto-fill, minmax(540px, 1fr)); }
        .finding h3 { font-size: 13.5px; margin: 0 0 2px; }
        .finding p { margin: 2px 0; font-size: 13px; }
        .finding pre { margin: 4px 0 0; padding: 5px 8px; background: var(--bg); border-radius: 4px; overflow-x: auto; font-size: 11.5px; white-space: pre-wrap; }
        .flame-controls { display: flex; gap: 14px; align-items: center; margin: 6px 0; flex-wrap: wrap; }
        select, button { font: inherit; color: var(--fg); background: var(--card); border: 1px solid var(--line); border-radius: 4px; padding: 2px 6px; }
        #flame { position: relative; width: 100%; background: var(--card); border-radius: 6px; overflow: hidden; min-height: 40px; }
        .flame-node { position: absolute; height: 19px; line-height: 19px; padding: 0 4px; overflow: hidden; white-space: nowrap;
          text-overflow: ellipsis; font-size: 12px; color: #1b1b1b; border: 1px solid var(--card); border-radius: 2px; cursor: pointer; }
        .flame-node:hover { filter: brightness(1.1); outline: 1px solid var(--fg); }
        #flame-info { min-height: 1.5em; }
        footer { margin-top: 32px; color: var(--muted); font-size: 12.5px; }
        """
}
