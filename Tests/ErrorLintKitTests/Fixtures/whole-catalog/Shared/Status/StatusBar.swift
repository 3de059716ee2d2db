import AppKit

final class StatusBarView: NSView {
	func update(_ done: Int, _ total: Int, unread: Int) -> (String, String) {
		let format = NSLocalizedString("%@ of %@", tableName: "Status", comment: "Status bar progress")
		let unreadFormat = NSLocalizedString("%d unread articles", tableName: "Status", comment: "")
		return (String(format: format, "\(done)", "\(total)"), String.localizedStringWithFormat(unreadFormat, unread))
	}
}
