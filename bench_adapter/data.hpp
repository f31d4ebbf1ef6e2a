// bench_adapter/data.hpp — the workloads' data: real loaders for the real formats (the
// Twitter sentiment CSV in its two-column, Sentiment140 six-column and thinknook four-column
// layouts; CIFAR-10 binary batches; text lines and JSONL) and seeded synthetic generators
// of the same shapes, used by default (nothing is downloaded). Every loader refuses a bad
// file with one line naming the file, the line or record, and what was expected.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <torch/torch.h>

namespace bench {

/// splitmix64: a tiny, portable seeded generator (std distributions differ between
/// standard libraries; the data must not).
struct splitmix {
    std::uint64_t s;
    std::uint64_t next() {
        std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    std::uint64_t below(std::uint64_t n) { return next() % n; }  // bias < n / 2^64: irrelevant here
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
};

/// The order of `n` samples in `epoch`: a Fisher–Yates shuffle keyed by (seed, epoch), so a
/// resumed run needs only the epoch and its position to continue.
std::vector<std::int64_t> epoch_order(std::int64_t n, std::uint64_t seed, std::int64_t epoch);

/// Labelled token sequences (sentiment): tokens [N, seq] int64 (pre-padded with 0, as
/// Keras pads), labels [N] float 0/1. `train` and `heldout` index into them.
struct text_classification {
    torch::Tensor tokens, labels;
    std::vector<std::int64_t> train, heldout;
    std::string format, path;          ///< path empty: synthetic
    std::int64_t vocabulary_used = 0;  ///< distinct words given an id (real data)
};

/// `n` tweets-like sequences whose label is decided by sentiment-bearing tokens (so the
/// model can learn; held-out accuracy means something), lengths 5..seq.
text_classification synthetic_sentiment(std::int64_t n, std::int64_t vocab, std::int64_t seq, std::uint64_t seed,
                                        double heldout);
/// `format`: auto | csv (label,text) | sentiment140 (6 columns) | thinknook
/// (ItemID,Sentiment,SentimentSource,SentimentText). Labels 0/1, or 0/4 (Sentiment140;
/// neutral 2 rows are skipped). Words get ids by frequency in the training split
/// (1 = out of vocabulary, 0 = padding), at most `vocab` ids.
text_classification load_sentiment_csv(const std::string& path, const std::string& format, std::int64_t vocab,
                                       std::int64_t seq, std::uint64_t seed, double heldout);

/// Images [N, 3, 32, 32] uint8 and labels [N] int64 (0..9).
struct image_classification {
    torch::Tensor images, labels;
    std::vector<std::int64_t> train, heldout;
    std::string format, path;
};
image_classification synthetic_cifar(std::int64_t n, std::int64_t classes, std::uint64_t seed, double heldout);
/// A CIFAR-10 binary batch file (records of 1 label byte + 3072 pixel bytes), or a folder
/// with data_batch_*.bin (training) and test_batch.bin (held out; without it, a split).
image_classification load_cifar10(const std::string& path, std::uint64_t seed, double heldout);
/// A float batch normalised with CIFAR-10's channel means and deviations.
torch::Tensor normalise_cifar(const torch::Tensor& images_u8);

/// Texts to classify, as token ids ([CLS] … [SEP]; at most `seq` ids each).
struct text_batchable {
    std::vector<std::vector<std::int64_t>> texts;
    std::string format, path;
};
text_batchable synthetic_texts(std::int64_t n, std::int64_t vocab, std::int64_t seq, std::uint64_t seed);
/// One text per line (.txt) or one JSON object per line with a string field (.jsonl).
text_batchable load_texts(const std::string& path, const std::string& format, const std::string& field,
                          std::int64_t vocab, std::int64_t seq);
/// Texts [first, first + batch) (wrapping), padded to the longest: {ids, attention mask}.
std::pair<torch::Tensor, torch::Tensor> text_batch(const text_batchable& t, std::int64_t first, std::int64_t batch);

/// A batch of rows of `all` picked by `order[from, from + batch)`.
torch::Tensor gather_rows(const torch::Tensor& all, const std::vector<std::int64_t>& order, std::int64_t from,
                          std::int64_t batch);

}  // namespace bench
