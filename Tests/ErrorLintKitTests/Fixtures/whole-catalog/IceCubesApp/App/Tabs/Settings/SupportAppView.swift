import SwiftUI

struct SupportAppView: View {
  enum Tip: String, CaseIterable {
    case one, two

    var productId: String {
      "icecubes.tipjar.\(rawValue)"
    }

    var title: LocalizedStringKey {
      switch self {
      case .one:
        "settings.support.one.title"
      case .two:
        LocalizedStringKey("settings.support.\(rawValue).title")
      }
    }
  }

  let followers: Int
  let name: String
  let statuses: Int

  var body: some View {
    VStack {
      Text("account.label.followers \(followers) \(name)")
      Text("instance.list.posts-\(statuses)")
      // Text("instance.info.domains") is gone; a comment is no reference.
      Text(LocalizedStringResource("instance.info.users"))
    }
  }
}
