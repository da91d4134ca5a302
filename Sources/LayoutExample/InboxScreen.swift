import LayoutClient

/// The screen the example lays out, written as a SwiftUI developer would.
struct InboxScreen: View {
    let senders: [String]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Inbox").font(.system(size: 34)).id("title")
            ScrollView {
                for sender in senders {
                    MessageRow(sender: sender).id("row-\(sender)")
                }
            }
            .id("feed")
            HStack {
                Spacer()
                Text("Updated now").font(.system(size: 12))
                Spacer()
            }
            .padding(.vertical, 8)
            .id("toolbar")
        }
        .padding(.horizontal, 16)
        .id("screen")
    }
}

struct MessageRow: View {
    let sender: String

    var body: some View {
        HStack(spacing: 10) {
            Image(width: 40, height: 40)
            Text(sender).font(.system(size: 17)).lineLimit(1)
            Spacer()
        }
    }
}

/// The README's ten-line example screen (`--screen readme`), line for line.
let readmeScreen = VStack(alignment: .leading) {
    Text("Inbox").font(.system(size: 34)).id("title")
    HStack { Image(width: 40, height: 40); Text("Ada Lovelace"); Spacer() }.id("row")
}.padding().id("screen")
