import Foundation
import Testing

@testable import LaunchKit

/// The framebuffer renderer, on hidden windows committed by hand (no application involved).
@MainActor
struct RenderingTests {
    private func commit(_ window: UIWindow) throws -> Framebuffer {
        window.commit()
        return try #require(window.lastCommittedFrame)
    }

    @Test func nestedViewsAreClippedToTheirSuperview() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.backgroundColor = .white
        let parent = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        parent.backgroundColor = .blue
        let child = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))  // overflows the parent
        child.backgroundColor = .red
        parent.addSubview(child)
        window.addSubview(parent)

        let frame = try commit(window)
        #expect(frame.width == 200 && frame.height == 200)
        #expect(frame.pixel(at: CGPoint(x: 5, y: 5)) == Framebuffer.Pixel(.white))
        #expect(frame.pixel(at: CGPoint(x: 15, y: 15)) == Framebuffer.Pixel(.blue))
        #expect(frame.pixel(at: CGPoint(x: 45, y: 45)) == Framebuffer.Pixel(.red), "child at 30...50 in the window")
        #expect(
            frame.pixel(at: CGPoint(x: 55, y: 55)) == Framebuffer.Pixel(.white),
            "the child is clipped at the parent's edge")
        // The red area is exactly the parent's lower-right 20 x 20 points = 40 x 40 pixels.
        #expect(frame.count(of: Framebuffer.Pixel(.red)) == 40 * 40)
    }

    @Test func hiddenViewsAndTheirSubviewsAreSkipped() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.backgroundColor = .black
        let hidden = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        hidden.backgroundColor = .red
        hidden.isHidden = true
        let inside = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        inside.backgroundColor = .green
        hidden.addSubview(inside)
        window.addSubview(hidden)
        let transparent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        transparent.backgroundColor = .yellow
        transparent.alpha = 0
        window.addSubview(transparent)

        let frame = try commit(window)
        #expect(frame.count(of: Framebuffer.Pixel(.black)) == frame.width * frame.height)
    }

    @Test func alphaIsBlendedAndMultipliedDownTheTree() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.backgroundColor = .white
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        parent.alpha = 0.5
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        child.backgroundColor = .black
        parent.addSubview(child)
        window.addSubview(parent)

        let frame = try commit(window)
        let grey = frame.pixel(at: CGPoint(x: 5, y: 5))
        #expect((126...129).contains(grey.red) && grey.red == grey.green && grey.green == grey.blue)
        #expect(grey.alpha == 255)
        #expect(frame.pixel(at: CGPoint(x: 15, y: 15)) == Framebuffer.Pixel(.white))
    }

    @Test func boundsOriginScrollsTheSubviews() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        window.backgroundColor = .white
        let scroller = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let row = UIView(frame: CGRect(x: 0, y: 30, width: 40, height: 10))
        row.backgroundColor = .blue
        scroller.addSubview(row)
        window.addSubview(scroller)
        scroller.bounds = CGRect(x: 0, y: 30, width: 40, height: 40)

        let frame = try commit(window)
        #expect(frame.pixel(at: CGPoint(x: 5, y: 5)) == Framebuffer.Pixel(.blue))
        #expect(frame.pixel(at: CGPoint(x: 5, y: 35)) == Framebuffer.Pixel(.white))
    }

    @Test func renderingCostGrowsWithTheViews() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        for index in 0..<100 {
            let view = UIView(
                frame: CGRect(x: CGFloat(index % 10) * 10, y: CGFloat(index / 10) * 10, width: 10, height: 10))
            view.backgroundColor = index.isMultiple(of: 2) ? .red : .blue
            window.addSubview(view)
        }
        let frame = try commit(window)
        #expect(frame.count(of: Framebuffer.Pixel(.red)) == 50 * 20 * 20)
        #expect(frame.count(of: Framebuffer.Pixel(.blue)) == 50 * 20 * 20)
    }

    @Test func layoutRunsDownTheTreeOnlyWhereNeeded() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let stripe = StripeView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let inner = StripeView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        stripe.addSubview(inner)
        window.addSubview(stripe)
        window.commit()
        window.commit()
        #expect(stripe.layoutCount == 1 && inner.layoutCount == 1)
        inner.setNeedsLayout()
        window.commit()
        #expect(stripe.layoutCount == 1 && inner.layoutCount == 2)
    }

    @Test func viewHierarchyEditsKeepSuperviewAndSubviewsConsistent() {
        let a = UIView()
        let b = UIView()
        let child = UIView()
        a.addSubview(child)
        b.addSubview(child)
        #expect(a.subviews.isEmpty)
        #expect(b.subviews.first === child && child.superview === b)
        child.removeFromSuperview()
        #expect(b.subviews.isEmpty && child.superview == nil)
    }

    @Test func colorsParseFromHexAndClampComponents() {
        #expect(UIColor(hex: "#FF000080") == UIColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(UIColor(hex: "00FF00") == .green)
        #expect(UIColor(hex: "#12345") == nil)
        #expect(UIColor(red: 2, green: -1, blue: 0.5, alpha: 1).red == 1)
        #expect(UIScreen.main.bounds.size == CGSize(width: 390, height: 844))
    }
}
