import LaunchTrace

/// Turns a storyboard's JSON into a ``Storyboard``, naming the file and the JSON path of
/// every problem.
struct StoryboardDecoder {
    /// The storyboard's path, for messages.
    let path: String

    private static let rootKeys: Set = ["schemaVersion", "initialViewController"]
    private static let controllerKeys: Set = ["class", "view"]
    private static let viewKeys: Set = ["class", "frame", "backgroundColor", "isHidden", "alpha", "tag", "subviews"]

    func decode(_ json: JSONValue, url: URL) throws(LaunchKitError) -> Storyboard {
        let root = try object(json, at: "$")
        try checkKeys(root, allowed: Self.rootKeys, at: "$")
        let version = try integer(try required(root, "schemaVersion", at: "$"), at: "$.schemaVersion")
        guard Storyboard.supportedSchemaVersions.contains(version) else {
            throw LaunchKitError(
                kind: .unsupportedSchemaVersion, file: path, key: "$.schemaVersion",
                message:
                    "The storyboard \(path) has $.schemaVersion \(version); expected one of \(Storyboard.supportedSchemaVersions.map(String.init).joined(separator: ", "))."
            )
        }
        let controllerPath = "$.initialViewController"
        let controller = try object(try required(root, "initialViewController", at: "$"), at: controllerPath)
        try checkKeys(controller, allowed: Self.controllerKeys, at: controllerPath)
        let className = try string(try required(controller, "class", at: controllerPath), at: "\(controllerPath).class")
        let controllerClass: UIViewController.Type = try resolve(
            className, as: UIViewController.Type.self, kind: "UIViewController", at: "\(controllerPath).class")
        let rootView = try controller["view"].map { value throws(LaunchKitError) in
            try view(value, at: "\(controllerPath).view")
        }
        return Storyboard(
            url: url, initialViewControllerClassName: className,
            initialViewControllerClass: controllerClass, rootView: rootView
        )
    }

    private func view(_ json: JSONValue, at jsonPath: String) throws(LaunchKitError) -> StoryboardView {
        let values = try object(json, at: jsonPath)
        try checkKeys(values, allowed: Self.viewKeys, at: jsonPath)
        var view = StoryboardView(viewClass: UIView.self)
        if let value = values["class"] {
            let name = try string(value, at: "\(jsonPath).class")
            view.viewClass = try resolve(name, as: UIView.Type.self, kind: "UIView", at: "\(jsonPath).class")
        }
        if let value = values["frame"] { view.frame = try frame(value, at: "\(jsonPath).frame") }
        if let value = values["backgroundColor"] {
            view.backgroundColor = try color(value, at: "\(jsonPath).backgroundColor")
        }
        if let value = values["isHidden"] { view.isHidden = try bool(value, at: "\(jsonPath).isHidden") }
        if let value = values["alpha"] {
            let alpha = try number(value, at: "\(jsonPath).alpha")
            guard (0...1).contains(alpha) else {
                throw invalid(value, at: "\(jsonPath).alpha", expected: "a number from 0 to 1")
            }
            view.alpha = CGFloat(alpha)
        }
        if let value = values["tag"] { view.tag = try integer(value, at: "\(jsonPath).tag") }
        if let value = values["subviews"] {
            guard case .array(let items) = value else {
                throw invalid(value, at: "\(jsonPath).subviews", expected: "an array of views")
            }
            for (index, item) in items.enumerated() {
                view.subviews.append(try self.view(item, at: "\(jsonPath).subviews[\(index)]"))
            }
        }
        return view
    }

    // MARK: Values

    private func frame(_ value: JSONValue, at jsonPath: String) throws(LaunchKitError) -> CGRect {
        let expected = "an object {\"x\", \"y\", \"width\", \"height\"} or an array [x, y, width, height] of numbers"
        var numbers: [Double] = []
        switch value {
        case .array(let items):
            guard items.count == 4 else { throw invalid(value, at: jsonPath, expected: expected) }
            for (index, item) in items.enumerated() { numbers.append(try number(item, at: "\(jsonPath)[\(index)]")) }
        case .object(let fields):
            try checkKeys(fields, allowed: ["x", "y", "width", "height"], at: jsonPath)
            for key in ["x", "y", "width", "height"] {
                numbers.append(try number(try required(fields, key, at: jsonPath), at: "\(jsonPath).\(key)"))
            }
        default:
            throw invalid(value, at: jsonPath, expected: expected)
        }
        guard numbers[2] >= 0, numbers[3] >= 0 else {
            throw invalid(value, at: jsonPath, expected: "a non-negative width and height")
        }
        return CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    private func color(_ value: JSONValue, at jsonPath: String) throws(LaunchKitError) -> UIColor {
        let text = try string(value, at: jsonPath)
        if let color = UIColor.named[text] ?? UIColor(hex: text) { return color }
        throw LaunchKitError(
            kind: .invalidValue, file: path, key: jsonPath,
            message:
                "The storyboard \(path) has \(jsonPath) \"\(text)\"; expected \"#RRGGBB\", \"#RRGGBBAA\" or a colour name such as \"red\"."
        )
    }

    private func resolve<T>(_ name: String, as type: T.Type, kind: String, at jsonPath: String) throws(LaunchKitError)
        -> T
    {
        guard let found = ClassResolver.resolve(name) else {
            throw LaunchKitError(
                kind: .unknownClass, file: path, key: jsonPath,
                message:
                    "The storyboard \(path) names the class \"\(name)\" at \(jsonPath), but no class has that name; expected a \(kind) class, module-qualified (e.g. \"MyApp.\(kind == "UIView" ? "CardView" : "ViewController")\")."
            )
        }
        guard let typed = found as? T else {
            throw LaunchKitError(
                kind: .wrongKindOfClass, file: path, key: jsonPath,
                message:
                    "The storyboard \(path) names the class \"\(name)\" at \(jsonPath), which is not a \(kind) subclass."
            )
        }
        return typed
    }

    private func object(_ value: JSONValue, at jsonPath: String) throws(LaunchKitError) -> [String: JSONValue] {
        guard case .object(let fields) = value else { throw invalid(value, at: jsonPath, expected: "an object") }
        return fields
    }

    private func string(_ value: JSONValue, at jsonPath: String) throws(LaunchKitError) -> String {
        guard case .string(let text) = value else { throw invalid(value, at: jsonPath, expected: "a string") }
        return text
    }

    private func number(_ value: JSONValue, at jsonPath: String) throws(LaunchKitError) -> Double {
        guard case .number(let number) = value else { throw invalid(value, at: jsonPath, expected: "a number") }
        return number
    }

    private func integer(_ value: JSONValue, at jsonPath: String) throws(LaunchKitError) -> Int {
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 1e15 else {
            throw invalid(value, at: jsonPath, expected: "an integer")
        }
        return Int(number)
    }

    private func bool(_ value: JSONValue, at jsonPath: String) throws(LaunchKitError) -> Bool {
        guard case .bool(let flag) = value else { throw invalid(value, at: jsonPath, expected: "true or false") }
        return flag
    }

    private func required(_ fields: [String: JSONValue], _ key: String, at jsonPath: String) throws(LaunchKitError)
        -> JSONValue
    {
        guard let value = fields[key] else {
            throw LaunchKitError(
                kind: .missingKey, file: path, key: "\(jsonPath).\(key)",
                message: "The storyboard \(path) has no \(jsonPath).\(key); it is required."
            )
        }
        return value
    }

    private func checkKeys(_ fields: [String: JSONValue], allowed: Set<String>, at jsonPath: String)
        throws(LaunchKitError)
    {
        guard let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) else { return }
        throw LaunchKitError(
            kind: .invalidValue, file: path, key: "\(jsonPath).\(unknown)",
            message:
                "The storyboard \(path) has the unknown key \(jsonPath).\(unknown); expected only \(allowed.sorted().joined(separator: ", "))."
        )
    }

    private func invalid(_ value: JSONValue, at jsonPath: String, expected: String) -> LaunchKitError {
        LaunchKitError(
            kind: .invalidValue, file: path, key: jsonPath,
            message: "The storyboard \(path) has \(jsonPath) of type \(value.typeName); expected \(expected)."
        )
    }
}
