import Foundation
import Testing

/// The guard against a site whose cost grows faster than its catalog. Times are noisy on a
/// shared machine; counts are not. The program exports a generated catalog of N and of 4N
/// exhibits (every page of both languages) while a small library preloaded into it counts
/// every memory allocation; 4N exhibits may cost at most 4.4 times the allocations of N.
/// A step that looks each exhibit up among the others, or a page that grows with the
/// catalog, fails it.
@Suite struct LinearityTests {
    static let counter = #"""
        #include <stdatomic.h>
        #include <stdio.h>
        #include <stdlib.h>
        extern void *__libc_malloc(size_t);
        extern void *__libc_calloc(size_t, size_t);
        extern void *__libc_realloc(void *, size_t);
        extern void *__libc_memalign(size_t, size_t);
        static atomic_long allocations;
        void *malloc(size_t size) { atomic_fetch_add(&allocations, 1); return __libc_malloc(size); }
        void *calloc(size_t count, size_t size) { atomic_fetch_add(&allocations, 1); return __libc_calloc(count, size); }
        void *realloc(void *old, size_t size) { atomic_fetch_add(&allocations, 1); return __libc_realloc(old, size); }
        int posix_memalign(void **out, size_t alignment, size_t size) {
            atomic_fetch_add(&allocations, 1);
            *out = __libc_memalign(alignment, size);
            return *out ? 0 : 12;
        }
        void *aligned_alloc(size_t alignment, size_t size) { atomic_fetch_add(&allocations, 1); return __libc_memalign(alignment, size); }
        __attribute__((destructor)) static void report(void) {
            const char *path = getenv("EXPO1900_ALLOCATIONS");
            FILE *file = path ? fopen(path, "w") : NULL;
            if (file) { fprintf(file, "%ld\n", atomic_load(&allocations)); fclose(file); }
        }
        """#

    /// A catalog of `count` exhibits in Korean and English, with texts of the default
    /// catalog's length, as the bench generates them.
    static func catalog(_ count: Int, in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let korean = String(repeating: "이 출품작은 대한제국관에서 선보인 물건으로, 그 쓰임과 만듦새를 보여 준다. ", count: 6)
        let english = String(repeating: "This exhibit was shown in the Korean Empire's pavilion and shows how it was made and used. ", count: 4)
        for (suffix, name, paragraph) in [("", "출품작", korean), (".en", "Exhibit", english)] {
            let items = (1...count).map { index in
                ["name": "\(name) \(index)", "image_name": "item-\(index)", "short_desc": "\(name) \(index)",
                 "desc": Array(repeating: paragraph, count: 4).joined(separator: "\n\n")]
            }
            try JSONSerialization.data(withJSONObject: items).write(to: folder.appendingPathComponent("items\(suffix).json"))
            let exposition: [String: Any] = ["title": "파리 만국박람회 1900(L'Exposition de Paris 1900)", "visitors": 48_130_300,
                                             "location": "프랑스 파리", "duration": "1900. 04. 14 - 1900. 11. 12", "description": paragraph]
            try JSONSerialization.data(withJSONObject: exposition)
                .write(to: folder.appendingPathComponent("exposition_universelle_1900\(suffix).json"))
        }
    }

    static func compiler() -> String? {
        for candidate in ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        // The Swift toolchain brings its own clang.
        return ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { "\($0)/clang" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func exportingFourTimesTheExhibitsCostsAtMostFourPointFourTimesTheAllocations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-linearity-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("count.c")
        try Self.counter.write(to: source, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("count.so")
        let compiler = try #require(Self.compiler(), "a C compiler (cc, gcc or clang) is needed to count allocations")
        let build = Process()
        build.executableURL = URL(fileURLWithPath: compiler)
        build.arguments = ["-shared", "-fPIC", "-O2", "-o", library.path, source.path]
        try build.run()
        build.waitUntilExit()
        try #require(build.terminationStatus == 0, "the allocation counter did not compile")

        func allocations(_ exhibits: Int) throws -> Int {
            let catalog = folder.appendingPathComponent("catalog-\(exhibits)")
            try Self.catalog(exhibits, in: catalog)
            let report = folder.appendingPathComponent("allocations-\(exhibits)")
            let output = try CommandRunner.run(["export", folder.appendingPathComponent("site-\(exhibits)").path, "--catalog", catalog.path],
                                               environment: ["LD_PRELOAD": library.path, "EXPO1900_ALLOCATIONS": report.path])
            #expect(output.status == 0, "\(output.standardError.suffix(500))")
            let text = try String(contentsOf: report, encoding: .utf8)
            return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        let small = try allocations(400)
        let large = try allocations(1_600)
        let ratio = Double(large) / Double(small)
        // Sanity: the counter sees the work (a site four times as large cannot cost less than twice as much).
        #expect(ratio > 2, "\(small) allocations for 400 exhibits, \(large) for 1,600: the counter does not see the pages")
        #expect(ratio <= 4.4, "\(small) allocations for 400 exhibits, \(large) for 1,600 (× \(String(format: "%.2f", ratio))): the cost grows faster than the catalog")
        print("linearity: \(small) allocations for 400 exhibits, \(large) for 1,600 (× \(String(format: "%.2f", ratio)))")
    }
}
