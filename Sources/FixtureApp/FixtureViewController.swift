import LaunchKit

/// The root view controller of FixtureApp: a blue view with a white card.
final class FixtureViewController: UIViewController {
    /// CPU time to burn in `viewDidLoad`, in milliseconds.
    var cpuMilliseconds = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        if cpuMilliseconds > 0 { FixtureWork.burnCPU(milliseconds: cpuMilliseconds) }
        view.backgroundColor = .blue
        let card = UIView(frame: CGRect(x: 20, y: 100, width: 350, height: 200))
        card.backgroundColor = .white
        view.addSubview(card)
    }
}
