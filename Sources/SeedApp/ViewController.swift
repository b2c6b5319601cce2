// Seed 002's ViewController.swift: the seed shows only `viewDidLoad`; it sits in the
// template's `class ViewController: UIViewController`, with `import LaunchKit` for `import UIKit`.
import LaunchKit

class ViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        self.view.backgroundColor = .red
    }
}
