extension TrendDashboard {
    /// The page's style sheet.
    static let style = TrustedHTML(
        constant: """
            body { font: 14px system-ui, sans-serif; margin: 24px; color: #222; max-width: 980px; }
            h1 { font-size: 22px; margin: 0 0 4px; }
            h2 { font-size: 17px; margin: 28px 0 8px; }
            h3 { font-size: 15px; margin: 8px 0 4px; }
            p.summary { color: #555; margin: 0 0 12px; }
            p.note { background: #fff6e0; border-left: 4px solid #e0a800; padding: 8px 12px; }
            table.headline { border-collapse: collapse; margin: 8px 0 16px; }
            table.headline th, table.headline td { text-align: left; padding: 5px 10px; border-bottom: 1px solid #e4e4e4; }
            table.headline td.num { font-variant-numeric: tabular-nums; white-space: nowrap; }
            .reason { color: #777; font-size: 12px; }
            .verdict.bad { color: #b3261e; font-weight: 600; }
            .verdict.good { color: #1e7b34; font-weight: 600; }
            .verdict.warn { color: #a05a00; }
            section.series { margin-bottom: 22px; }
            svg.trend { width: 100%; max-width: 760px; height: auto; border: 1px solid #ddd; background: #fcfcfc; }
            .grid { stroke: #e6e6e6; stroke-width: 1; }
            .axis { stroke: #888; stroke-width: 1; }
            .tick { font-size: 11px; fill: #444; }
            .tick .commit { fill: #1f5f99; }
            .band { fill: #9bc3e6; opacity: 0.5; stroke: none; }
            .median { fill: none; stroke: #1f5f99; stroke-width: 1.5; }
            circle.run { fill: #1f5f99; stroke: #fff; stroke-width: 1; }
            circle.run:hover { r: 6; fill: #0b3d6b; }
            .change-point { stroke: #c0392b; stroke-width: 1.5; stroke-dasharray: 4 3; }
            .change-label { font-size: 11px; fill: #c0392b; font-weight: 600; }
            .related-change { stroke: #c0392b; stroke-width: 1; stroke-dasharray: 1 3; opacity: 0.8; }
            .related-label { font-size: 11px; fill: #a0514a; }
            .limit { stroke: #e67e22; stroke-width: 1.2; stroke-dasharray: 6 2; }
            .limit-label { font-size: 11px; fill: #b35a00; }
            ul.change-summary li { margin: 2px 0; }
            ul.changes { margin: 4px 0; padding-left: 20px; }
            li.change { color: #8e2a1f; margin: 2px 0; }
            li.change code { color: #222; background: #f2f2f2; padding: 1px 4px; font-size: 12px; }
            details.group { margin: 6px 0; }
            details.group summary { cursor: pointer; font-weight: 600; }
            p.still { color: #666; }
            """)
}
