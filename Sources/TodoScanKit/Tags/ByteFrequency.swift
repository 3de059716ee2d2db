/// How often each ASCII byte occurs in source code, per million bytes: measured on the 169 MB of
/// Swift, C, C++ and Objective-C in `../shared/bin/make-corpus` (2026-11-22). A tag is looked for
/// by its rarest byte, so `memchr` stops as seldom as possible (`FIXME` by its `X`, not its `F`).
enum ByteFrequency {
    /// The frequency of `byte`; bytes above ASCII count as rare.
    static func perMillion(_ byte: UInt8) -> Int {
        byte < 128 ? table[Int(byte)] : 100
    }

    private static let table: [Int] = [
        // control bytes (tab, newline, return)
        0, 0, 0, 0, 0, 0, 0, 0, 0, 337, 25718, 0, 0, 3, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        // space to /
        217774, 547, 5356, 969, 219, 55, 685, 452, 10070, 10070, 2729, 372, 8403, 8190, 11921, 11910,
        // 0 to ?
        5612, 3205, 3211, 2335, 1717, 1406, 1626, 893, 1240, 997, 9016, 1390, 903, 4866, 1605, 740,
        // @ to O
        430, 4296, 2592, 4673, 2669, 5197, 2988, 1170, 1023, 4817, 238, 819, 3135, 2235, 3816, 3328,
        // P to _
        3976, 515, 3554, 7850, 6000, 1973, 1410, 777, 1189, 307, 194, 1335, 926, 1331, 45, 9241,
        // ` to o
        2220, 38882, 8331, 20208, 19473, 74184, 14190, 9962, 10715, 38328, 490, 2935, 25905, 11234, 39393, 41716,
        // p to DEL
        15103, 1902, 39150, 34984, 53234, 19422, 5870, 6066, 6952, 8004, 950, 4268, 326, 4273, 61, 0,
    ]
}
