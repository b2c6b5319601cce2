/// The earlier name of ``PhaseName``, when phases were UIKit's closed list: LaunchKit's
/// phases are ``PhaseName/uikit``.
package typealias LaunchPhase = PhaseName
