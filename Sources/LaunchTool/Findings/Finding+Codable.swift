extension Finding {
    private enum CodingKeys: String, CodingKey {
        case id, scenario, launches, analyzedLaunches, medianCostNs, medianWaitingForCPUNs, impactNs, phaseShare,
            firstFrameShare
        case tracedCalls, samples, touchesUI, confidence, advice, blockingFunctions, resources
    }

    /// Reads a finding whose site's fields sit beside its own.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            scenario: try container.decode(String.self, forKey: .scenario),
            site: try FindingSite(from: decoder),
            launches: try container.decode(Int.self, forKey: .launches),
            analyzedLaunches: try container.decode(Int.self, forKey: .analyzedLaunches),
            medianCostNs: try container.decode(Double.self, forKey: .medianCostNs),
            impactNs: try container.decode(Double.self, forKey: .impactNs),
            phaseShare: try container.decodeIfPresent(Double.self, forKey: .phaseShare),
            firstFrameShare: try container.decodeIfPresent(Double.self, forKey: .firstFrameShare),
            tracedCalls: try container.decode(Int.self, forKey: .tracedCalls),
            samples: try container.decode(Int.self, forKey: .samples),
            touchesUI: try container.decode(Bool.self, forKey: .touchesUI),
            confidence: try container.decode(FindingConfidence.self, forKey: .confidence),
            advice: try container.decode(Advice.self, forKey: .advice),
            blockingFunctions: try container.decode([String].self, forKey: .blockingFunctions),
            resources: try container.decode([String].self, forKey: .resources))
        medianWaitingForCPUNs = try container.decodeIfPresent(Double.self, forKey: .medianWaitingForCPUNs)
    }

    /// Writes the finding with its site's fields beside its own.
    package func encode(to encoder: any Encoder) throws {
        try site.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(launches, forKey: .launches)
        try container.encode(analyzedLaunches, forKey: .analyzedLaunches)
        try container.encode(medianCostNs, forKey: .medianCostNs)
        try container.encodeIfPresent(medianWaitingForCPUNs, forKey: .medianWaitingForCPUNs)
        try container.encode(impactNs, forKey: .impactNs)
        try container.encodeIfPresent(phaseShare, forKey: .phaseShare)
        try container.encodeIfPresent(firstFrameShare, forKey: .firstFrameShare)
        try container.encode(tracedCalls, forKey: .tracedCalls)
        try container.encode(samples, forKey: .samples)
        try container.encode(touchesUI, forKey: .touchesUI)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(advice, forKey: .advice)
        try container.encode(blockingFunctions, forKey: .blockingFunctions)
        try container.encode(resources, forKey: .resources)
    }
}
