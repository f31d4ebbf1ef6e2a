// bench_adapter/data_formats.hpp — the runner's data file formats, read into plain values
// (no LibTorch), so that the readers can be tested and fuzzed apart from the tensors built
// from them (data.hpp). Each reader refuses bad bytes with an input_error naming the file,
// the line or record, and what was expected; nothing else escapes.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace bench {

/// The whole of a file's bytes (input_error if it cannot be opened or read).
std::string read_file_bytes(const std::string& path);

/// Labelled texts of a sentiment CSV, labels 0/1 (Sentiment140's 4 read as 1, its neutral 2
/// rows skipped).
struct sentiment_rows {
    std::string format;  ///< csv | sentiment140 | thinknook (resolved from `auto`)
    std::vector<std::pair<int, std::string>> rows;
};
/// `format`: auto | csv (label,text) | sentiment140 (6 columns) | thinknook
/// (ItemID,Sentiment,SentimentSource,SentimentText). RFC 4180 quoting; one header row allowed.
sentiment_rows parse_sentiment_csv(const std::string& text, const std::string& path, const std::string& format);

/// Appends the records of one CIFAR-10 binary batch (1 label byte 0..9 + 3072 pixel bytes each).
void parse_cifar_batch(const std::string& bytes, const std::string& path, std::vector<std::uint8_t>& pixels,
                       std::vector<std::int64_t>& labels);

/// The texts of a file: `format` "lines" (one per non-blank line) or "jsonl" (one JSON object
/// per line, the text in its string member `field`). At least one text.
std::vector<std::string> parse_texts(const std::string& text, const std::string& path, const std::string& format,
                                     const std::string& field);

}  // namespace bench
