#!/usr/bin/env python3
"""Regenerate the published/derived figures behind pricing_data/gpu_speed_by_class_2026.json.

Provenance script, not part of the build; a test checks that it reproduces the bundled table.  Python 3, stdlib only.

    python3 scripts/build_speed_tables.py [SOURCES_DIR]          (default pricing_data/speed-sources)
    python3 scripts/build_speed_tables.py [SOURCES_DIR] --json   (the "classes" object)

Inputs (pricing_data/speed-sources/README.md gives source, commits and licence):
  mlperf_time_to_train.csv        MLPerf Training v3.1-v5.1 (MLCommons results repos, Apache-2.0)
  nvidia_training_throughput.csv  NVIDIA NeMo / Megatron-Bridge performance summaries
Hand-entered constants (below): Lambda's BERT-large 1-GPU throughput and Lambda's DeepSpeed-Chat
H100/A100 figure, and nothing else.

Method (see pricing_data/README.md):
  * MLPerf rows: closed division, non-empty minutes, empty same_runs_as_round (re-published
    results dropped), minus MLPERF_EXCLUDED.  Per (variant, benchmark, GPU count): median over
    the systems of the variant's LATEST round at that count; the reference H100-SXM is taken
    from the same round when it has rows there, else from its own latest round.  speed = median_T(H100-SXM, n) / median_T(variant, n) at equal n,
    n = 8 preferred, else the count nearest 8 that both have ("published").  If the reference
    has no row at any count the variant has: per-GPU normalisation against H100-SXM at 8,
    assuming linear scaling ("estimate").
  * scaling per_doubling: pairs of rows with the same round, submitter and accelerator at n and
    2n GPUs (2n <= 8, i.e. within one node; 8->16 only if a class has no such pair); each pair
    T(n)/T(2n) using the median of each side; median over pairs; capped at 2.
  * NVIDIA pretrain: tokens/s/GPU of the same model, precision and GPU count, one container.
  * inference: memory-bandwidth ratio to H100-SXM (estimate), read from gpu_variants_2026.json.
"""
import csv
import json
import os
import statistics
import sys

REF = "H100-SXM"

# MLPerf accelerator_model_name -> variant id of gpu_variants_2026.json (others are skipped:
# MI325X/MI350X/MI355X, B300, GB300, Gaudi2, TPUs, Radeon RX 7900 XTX, RTX Pro 6000,
# H100-SXM5-96GB have no variant in the catalogs).
MLPERF_ACCEL = {
    "NVIDIA H100-SXM5-80GB": "H100-SXM",
    "NVIDIA H100-SXM-80GB": "H100-SXM",
    "NVIDIA H100 80GB HBM3": "H100-SXM",  # 80 GB HBM3 exists only as the SXM5 card
    "NVIDIA H100-PCIe-80GB": "H100-PCIe",
    "H100 NVL Tensor Core GPU (PCIe)": "H100-NVL",
    "NVIDIA H200-SXM5-141GB": "H200-SXM",
    "NVIDIA H200-NVL-141GB": "H200-NVL",
    "NVIDIA Blackwell GPU (B200-SXM-180GB)": "B200",
    "NVIDIA Blackwell GPU (GB200)": "GB200",
    "NVIDIA A100-PCIe-80GB": "A100-PCIe-80GB",
    "NVIDIA A100 - PCIe - 80 GB": "A100-PCIe-80GB",
    "NVIDIA A100-SXM4-80GB": "A100-SXM4-80GB",
    "NVIDIA A100-SXM-40GB": "A100-SXM4-40GB",
    "NVIDIA A10G": "A10G",
    "NVIDIA A30": "A30",
    "NVIDIA L4": "L4",
    "NVIDIA L40": "L40",
    "NVIDIA L40S": "L40S",
    "NVIDIA GeForce RTX 4090": "RTX4090",
    "NVIDIA RTX A5000": "RTX-A5000",
    "AMD Instinct MI300X 192GB HBM3": "MI300X",
}

# MLPerf rows deliberately not used, with the reason (printed, and cited in the README).
MLPERF_EXCLUDED = {
    ("v4.0", "JuniperNetworks", "a100_n8_ngc24.1_pytorch_deepspeed", "llama2_70b_lora"):
        "A100-SXM4-80GB at 64 GPUs with DeepSpeed (75.47 min) vs NeMo H100 rows: a framework "
        "gap, not a GPU ratio (would give 0.065)",
    ("v5.0", "tinycorp", "tinybox_8xMI300X", "bert"):
        "MI300X BERT on tinygrad (111.84 min at 8 GPUs, 20x the H100): a software outlier, "
        "inconsistent with the same GPU's llama2_70b_lora result (about 1.0x H100)",
    ("v3.1", "Clemson", "8xR750-2xA100-PCIe-80GB", "bert"):
        "16 A100 PCIe over 8 nodes of 2 GPUs vs H100 16 GPUs over 2 nodes of 8: measures the "
        "interconnect, not the GPU (0.18x, against 0.45x for the same card in resnet at 8 in one node)",
}

# Lambda, Deep Learning GPU Benchmarks (https://lambdalabs.com/gpu-benchmarks), PyTorch training,
# FP16, 1 GPU, column bert_large_squad (sequences/s); raw CSV github.com/lambdal/deeplearning-benchmark
# pytorch/pytorch-train-throughput-fp16.csv at commit 0551cb70ffdc155dc4cb2c10dddebb65651c3883.
LAMBDA_BERT = {  # variant: (row name, seq/s)
    "H100-SXM": ("H100 80GB SXM5", 301),
    "H100-PCIe": ("H100 80GB PCIe Gen5", 203),
    "A100-SXM4-80GB": ("A100 80GB SXM4", 152),
    "A100-PCIe-80GB": ("A100 80GB PCIe", 140),
    "A100-PCIe-40GB": ("LambdaCloud A100 40GB PCIe", 117),
    "RTX4090": ("RTX 4090", 93),
    "RTX6000-Ada": ("RTX 6000 Ada", 79),
    "RTX-A6000": ("RTX A6000", 68),
    "V100-SXM2-16GB": ("LambdaCloud V100 16GB", 57),
    "RTX3090": ("RTX 3090", 52),
    "A10": ("LambdaCloud A10", 42),
}

# Lambda blog, DeepChat 3-step training at scale, H100 SXM5 vs A100 SXM4 (FP16, DeepSpeed 0.10.0):
# step 1 (OPT-13B SFT, ZeRO-3) H100 2.8x faster.
# https://lambdalabs.com/blog/deepchat-3-step-training-at-scale-nvidia-h100-sxm5-vs-a100-sxm4
LAMBDA_DEEPCHAT_H100_OVER_A100 = 2.8

CLASS_BENCH = {
    "llm_finetune": "llama2_70b_lora",
    "llm_pretrain": "llama31_8b",
    "encoder": "bert",
    "cnn": "resnet",
}


def load_mlperf(root):
    path = os.path.join(root, "mlperf_time_to_train.csv")
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r["same_runs_as_round"] or not r["minutes"] or r["division"] != "closed":
                continue
            if not r["accelerators_total"]:
                continue
            key = (r["round"], r["submitter"], r["system"], r["benchmark"])
            if key in MLPERF_EXCLUDED:
                continue
            v = MLPERF_ACCEL.get(r["accelerator"])
            if not v:
                continue
            rows.append(dict(round=r["round"], submitter=r["submitter"], system=r["system"],
                             accel=r["accelerator"], variant=v, n=int(r["accelerators_total"]),
                             bench=r["benchmark"], minutes=float(r["minutes"])))
    return rows


def times(rows, bench, variant, n, rnd=None):
    """Rows of the variant at n GPUs from the LATEST round that has any: software improves
    from round to round, so pooling rounds would compare new GPUs on new software with old
    GPUs on old software."""
    rs = [r for r in rows if r["bench"] == bench and r["variant"] == variant and r["n"] == n]
    if not rs:
        return rs
    if rnd and any(r["round"] == rnd for r in rs):
        return [r for r in rs if r["round"] == rnd]
    last = max(r["round"] for r in rs)
    return [r for r in rs if r["round"] == last]


def rounds_of(rs):
    return "+".join(sorted({r["round"] for r in rs}))


def mlperf_speeds(rows, bench):
    """Per variant: (value, source, n, ref_median, var_median, ref_rows, var_rows, note)."""
    out = {}
    variants = sorted({r["variant"] for r in rows if r["bench"] == bench})
    ref_counts = {r["n"] for r in rows if r["bench"] == bench and r["variant"] == REF}
    if not ref_counts:
        return out
    ref_n = 8 if 8 in ref_counts else min(ref_counts, key=lambda c: (abs(c - 8), c))
    for v in variants:
        counts = sorted({r["n"] for r in rows if r["bench"] == bench and r["variant"] == v})
        common = [n for n in counts if n in ref_counts]
        if v == REF:
            n = ref_n
            rs = times(rows, bench, REF, n)
            m = statistics.median(r["minutes"] for r in rs)
            out[v] = dict(value=1.0, source="published", n=n, ref=m, var=m, ref_rows=rs, var_rows=rs)
            continue
        if common:
            n = min(common, key=lambda c: (abs(c - 8), c))
            vr = times(rows, bench, v, n)
            rr = times(rows, bench, REF, n, vr[0]["round"])  # same round if the reference has one
            mr = statistics.median(r["minutes"] for r in rr)
            mv = statistics.median(r["minutes"] for r in vr)
            out[v] = dict(value=mr / mv, source="published", n=n, ref=mr, var=mv,
                          ref_rows=rr, var_rows=vr)
        else:
            n = min(counts, key=lambda c: (abs(c - 8), c))
            vr = times(rows, bench, v, n)
            rr = times(rows, bench, REF, ref_n, vr[0]["round"])
            mr = statistics.median(r["minutes"] for r in rr)
            mv = statistics.median(r["minutes"] for r in vr)
            out[v] = dict(value=(mr * ref_n) / (mv * n), source="estimate", n=n, ref=mr, var=mv,
                          ref_n=ref_n, ref_rows=rr, var_rows=vr, normalised=True)
    return out


def scaling(rows, bench, max_pair_top=8):
    groups = {}
    for r in rows:
        if r["bench"] != bench:
            continue
        groups.setdefault((r["round"], r["submitter"], r["accel"]), {}).setdefault(r["n"], []).append(r["minutes"])
    pairs = []
    for key, byn in sorted(groups.items()):
        for n in sorted(byn):
            if 2 * n in byn and 2 * n <= max_pair_top:
                pairs.append((key, n, statistics.median(byn[n]) / statistics.median(byn[2 * n])))
    return pairs


def nvidia_pretrain(root):
    path = os.path.join(root, "nvidia_training_throughput.csv")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    # Dense model, same precision and GPU count across GPUs, one container: NeMo 25.11
    # LLAMA3_8B pre-training, FP8 current scaling, 8 GPUs, GBS 128, seq 8192.
    sel = [r for r in rows if r["container"] == "NeMo 25.11" and r["model"] == "LLAMA3_8B"
           and r["method"] == "pretrain" and r["precision"] == "FP8-CS" and r["num_gpus"] == "8"]
    tps = {r["gpu"]: float(r["tokens_per_sec_per_gpu"]) for r in sel}
    commit = sel[0]["source_commit"] if sel else ""
    return tps, commit


def r3(x):
    return float(f"{x:.3g}") if x < 1 else round(x, 2)


def build(root, variants_path):
    rows = load_mlperf(root)
    classes = {}

    # ---- llm_finetune -------------------------------------------------------------
    sp = mlperf_speeds(rows, "llama2_70b_lora")
    speeds = {}
    for v, d in sp.items():
        speeds[v] = mk(v, d, "llama2_70b_lora")
    a = 1.0 / LAMBDA_DEEPCHAT_H100_OVER_A100
    speeds["A100-SXM4-80GB"] = dict(
        value=r3(a), source="estimate",
        basis="Lambda blog (lambdalabs.com/blog/deepchat-3-step-training-at-scale-nvidia-h100-sxm5-vs-a100-sxm4): "
              "DeepSpeed-Chat step 1, OPT-13B SFT, FP16, 8 GPUs: H100 SXM5 2.8x A100 SXM4 -> 1/2.8; estimate: "
              "A100 memory size not stated, 80 GB assumed")
    classes["llm_finetune"] = dict(
        workload="LLM fine-tuning (LoRA or SFT) in 16-bit precision",
        speeds=speeds, scaling=scaling_entry(rows, "llama2_70b_lora"))

    # ---- llm_pretrain -------------------------------------------------------------
    tps, commit = nvidia_pretrain(root)
    speeds = {}
    h = tps.get("H100")
    speeds[REF] = dict(value=1.0, source="published",
                       basis=f"reference: NVIDIA Megatron-Bridge performance summary (commit {commit[:12]}), NeMo 25.11, "
                             f"LLAMA3_8B pre-training, FP8-CS, 8 GPUs: DGX-H100 {h:.0f} tokens/s/GPU")
    for gpu, var in (("B200", "B200"), ("GB200", "GB200")):
        if gpu in tps:
            speeds[var] = dict(value=r3(tps[gpu] / h), source="published",
                               basis=f"NVIDIA Megatron-Bridge performance summary (commit {commit[:12]}), NeMo 25.11, LLAMA3_8B "
                                     f"pre-training, FP8-CS, 8 GPUs: {gpu} {tps[gpu]:.0f} vs H100 {h:.0f} tokens/s/GPU")
    # MLPerf llama31_8b: no H100 row at 8 GPUs; 64 GPUs is the one count H100, H200 and B200 share.
    sp = mlperf_speeds(rows, "llama31_8b")
    if "H200-SXM" in sp:
        speeds["H200-SXM"] = mk("H200-SXM", sp["H200-SXM"], "llama31_8b")
    classes["llm_pretrain"] = dict(
        workload="LLM pre-training (dense decoder models, NVIDIA-tuned recipes; FP8 where the source used it)",
        speeds=speeds, scaling=scaling_entry(rows, "llama31_8b"))

    # ---- encoder ------------------------------------------------------------------
    sp = mlperf_speeds(rows, "bert")
    speeds = {v: mk(v, d, "bert") for v, d in sp.items()}
    ref_name, ref_sps = LAMBDA_BERT[REF]
    for v, (name, sps) in LAMBDA_BERT.items():
        if v == REF:
            continue
        if v in speeds and speeds[v]["source"] == "published":
            continue  # MLPerf at equal GPU count wins
        src = "published"
        extra = ""
        if v == "V100-SXM2-16GB":
            src = "estimate"
            extra = "; estimate: form factor not stated, taken as SXM2"
        speeds[v] = dict(value=r3(sps / ref_sps), source=src,
                         basis=f"Lambda GPU benchmarks (lambdalabs.com/gpu-benchmarks), BERT-large SQuAD fine-tune, FP16, "
                               f"1 GPU: {name} {sps} vs {ref_name} {ref_sps} seq/s; bridge = H100-SXM (in Lambda and MLPerf){extra}")
    classes["encoder"] = dict(
        workload="Transformer encoder training / fine-tuning (BERT-class), 16-bit mixed precision",
        speeds=speeds, scaling=scaling_entry(rows, "bert"))

    # ---- cnn ----------------------------------------------------------------------
    sp = mlperf_speeds(rows, "resnet")
    classes["cnn"] = dict(
        workload="Convolutional image model training (ResNet-50 class), mixed precision",
        speeds={v: mk(v, d, "resnet") for v, d in sp.items()},
        scaling=scaling_entry(rows, "resnet"))

    # ---- inference ----------------------------------------------------------------
    with open(variants_path) as f:
        var = json.load(f)["variants"]
    ref_bw = var[REF]["memory_bandwidth_gb_s"]
    speeds = {}
    for v, spec in var.items():
        bw = spec["memory_bandwidth_gb_s"]
        if v == REF:
            speeds[v] = dict(value=1.0, source="estimate",
                             basis=f"reference: H100-SXM, {ref_bw} GB/s (gpu_variants_2026.json)")
        else:
            speeds[v] = dict(value=r3(bw / ref_bw), source="estimate",
                             basis=f"estimate: memory bandwidth {bw} / {ref_bw} GB/s (H100-SXM), gpu_variants_2026.json; "
                                   f"LLM decoding is bandwidth-bound; no inference benchmark in the data")
    classes["inference"] = dict(
        workload="LLM inference (token generation), memory-bandwidth bound; estimate only",
        speeds=speeds)
    return classes


def mk(v, d, bench):
    rr, vr = d["ref_rows"], d["var_rows"]
    if v == REF:
        return dict(value=1.0, source="published",
                    basis=f"reference: MLPerf Training {rounds_of(rr)} {bench}, {d['n']}x H100-SXM, median of "
                          f"{len(rr)} systems {d['ref']:.2f} min")
    if d.get("normalised"):
        return dict(value=r3(d["value"]), source="estimate",
                    basis=f"MLPerf Training {rounds_of(vr)} {bench}: {v} {d['n']} GPUs {d['var']:.2f} min "
                          f"(median of {len(vr)}) vs H100-SXM {d['ref_n']} GPUs {d['ref']:.2f} min ({rounds_of(rr)}, median of "
                          f"{len(rr)}); normalised per GPU assuming linear scaling")
    return dict(value=r3(d["value"]), source="published",
                basis=f"MLPerf Training {bench}, {d['n']} GPUs: {v} {d['var']:.2f} min (median of {len(vr)}, "
                      f"{rounds_of(vr)}) vs H100-SXM {d['ref']:.2f} min (median of {len(rr)}, {rounds_of(rr)})")


def scaling_entry(rows, bench):
    pairs = scaling(rows, bench, 8)
    within = True
    if not pairs:
        pairs = scaling(rows, bench, 16)
        within = False
    if not pairs:
        return None
    ratios = [p[2] for p in pairs]
    med = statistics.median(ratios)
    val = min(2.0, med)
    ns = sorted({f"{p[1]}->{2 * p[1]}" for p in pairs})
    return dict(per_doubling=round(val, 2), source="published",
                basis=f"MLPerf Training {bench}: median of T(n)/T(2n) = {med:.2f} over {len(pairs)} same-round, "
                      f"same-submitter pairs ({', '.join(ns)} GPUs{'' if within else '; no pair within one node'})"
                      f"{', capped at 2' if med > 2 else ''}",
                _pairs=pairs)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    here = os.path.dirname(os.path.abspath(__file__))
    root = args[0] if args else os.path.join(here, "..", "pricing_data", "speed-sources")
    variants_path = os.path.join(here, "..", "pricing_data", "gpu_variants_2026.json")
    classes = build(root, variants_path)
    if "--json" in sys.argv:
        for c in classes.values():
            if c.get("scaling"):
                c["scaling"].pop("_pairs", None)
            elif "scaling" in c:
                del c["scaling"]
        print(json.dumps(classes, indent=2))
        return
    for name, c in classes.items():
        print(f"== {name}: {c['workload']}")
        for v, s in sorted(c["speeds"].items(), key=lambda kv: -kv[1]["value"]):
            print(f"  {v:16s} {s['value']:8.3f}  {s['source']:9s}  {s['basis']}")
        sc = c.get("scaling")
        if sc:
            print(f"  scaling per_doubling {sc['per_doubling']}: {sc['basis']}")
            for key, n, ratio in sc["_pairs"]:
                print(f"    pair {key} {n}->{2 * n}: {ratio:.3f}")
    print("excluded MLPerf rows:")
    for k, why in MLPERF_EXCLUDED.items():
        print("  ", k, "-", why)


if __name__ == "__main__":
    main()
