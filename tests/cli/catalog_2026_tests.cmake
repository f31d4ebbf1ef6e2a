# Today's GPUs and list prices (issue 16, item 3): the dated 2026 catalog is the bundled SkyPilot
# rows run through `costsim import skypilot`, byte for byte, so the committed file cannot go
# stale; and the bundled 2026 scenario plans on it. Included after cli_tests.cmake (which
# defines costsim_cli_test).
set(skypilot_rows ${PROJECT_SOURCE_DIR}/pricing_data/skypilot-catalog-v7)
set(skypilot_v8 ${PROJECT_SOURCE_DIR}/pricing_data/skypilot-catalog-v8)
# The same command as pricing_data/README.md gives (the source text is the catalog's "source").
set(gpu_cloud_2026_source "SkyPilot catalogs, GPU rows: github.com/skypilot-org/skypilot-catalog (Apache-2.0), bundled in pricing_data/ (their READMEs). AWS: catalogs/v7/aws/vms.csv (us-east-1, us-west-2 and eu-west-1, per availability zone, commit not recorded), its P family (p4d, p4de, p5, p5e, p5en, p6-b200, p6-b300) replaced by the rows of catalogs/v8/aws/vms.csv at commit 00148f2a. Lambda and RunPod: catalogs/v7/{lambda,runpod}/vms.csv (commit not recorded). GCP: catalogs/v8/gcp/vms.csv at commit 006059e0 (GPU and host rows of the 31 regions with GPUs, joined per zone). Azure: catalogs/v6/azure/vms.csv at commit 098741e7 (the repository has no newer Azure file). as_of is the day the rows were bundled (costsim commit 0aae585). Each offer's prices_as_of dates its prices. The AWS v7 rows on or before 2025-05-31 (their P4/P5 prices predate AWS's June 2025 price cut), the AWS v8 P-family rows on or after 2025-06-01 (they carry it), the Lambda, RunPod, GCP and Azure rows not recorded (no commit date was kept). Rebuilt by costsim import skypilot (pricing_data/README.md).")
costsim_cli_test("import skypilot of the bundled AWS, Lambda, Runpod, GCP and Azure rows reproduces pricing_data/gpu_cloud_2026.json byte for byte" EXIT 0
  OUT_FILE ${PROJECT_SOURCE_DIR}/pricing_data/gpu_cloud_2026.json
  ARGS import skypilot aws=${skypilot_rows}/aws_gpu_vms.csv aws=${skypilot_v8}/aws_p_family_vms.csv
       lambda=${skypilot_rows}/lambda_gpu_vms.csv runpod=${skypilot_rows}/runpod_gpu_vms.csv
       gcp=${skypilot_v8}/gcp_gpu_vms.csv azure=${skypilot_v8}/azure_gpu_vms.csv
       --price-date "aws_gpu_vms.csv=on or before 2025-05-31" --price-date "aws_p_family_vms.csv=on or after 2025-06-01"
       --price-date "lambda_gpu_vms.csv=not recorded, on or before 2026-12-03"
       --price-date "runpod_gpu_vms.csv=not recorded, on or before 2026-12-03"
       --price-date "gcp_gpu_vms.csv=not recorded, on or before 2026-12-03"
       --price-date "azure_gpu_vms.csv=not recorded, on or before 2026-12-03"
       --as-of 2026-12-03 --name gpu-cloud-2026 --source "${gpu_cloud_2026_source}")
costsim_cli_test("plan on the 2026 fine-tuning scenario ranks today's GPUs, excludes the 16 GB ones and recommends one" EXIT 0
  OUT_RE "finetune-7b-2026 — [0-9]+ rows.*\n[^\n]*(on-demand|spot)[^\n]*R\n.*left out:.*g4dn\\.xlarge[^\n]*the job needs 20 GiB of GPU memory. T4 has 16 GiB.*Recommendation: [^ ]+ (on_demand|spot)"
  ARGS plan ${PROJECT_SOURCE_DIR}/scenarios/finetune_7b_2026.json)
# "Plans in under a second" (0.2 s on the 2-core dev VM); the limit only catches a gross slowdown.
set_tests_properties("cli: plan on the 2026 fine-tuning scenario ranks today's GPUs, excludes the 16 GB ones and recommends one"
  PROPERTIES TIMEOUT 30)

# Quick mode answers realistic questions ("N hours on GPU X: the cheapest offer and its cost")
# as an independent reading of the SkyPilot rows does (tests/cli/quick_answers.py).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME "cli: plan and demo output fit 120 columns; an unknown offer id is one short line"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/readable_output.py $<TARGET_FILE:costsim_cli>
                   ${PROJECT_SOURCE_DIR})
  add_test(NAME "cli: quick-mode plans name the cheapest offer and cost that the SkyPilot rows give"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/quick_answers.py $<TARGET_FILE:costsim_cli>
                   ${PROJECT_SOURCE_DIR})
endif()

# Issue 25: asking without a file, browsing the catalog, safe input.
set(cat2026 ${PROJECT_SOURCE_DIR}/pricing_data/gpu_cloud_2026.json)
costsim_cli_test("--version names the version" EXIT 0 OUT_RE "^costsim [0-9]+\\.[0-9]+\\.[0-9]+" ARGS --version)
costsim_cli_test("plan --work --gpu plans the bundled catalog and names the source of the work" EXIT 0
  OUT_RE "quick plan.*your figure: 3h on 1x L4.*Cheapest on-demand: [^ ]+.*Recommendation: "
  ARGS plan --work 3h --gpu L4 --deadline 12h)
costsim_cli_test("plan quick mode converts the work to other GPUs through the speed table, each ratio named" EXIT 0
  OUT_RE "A100-SXM4-80GB — estimate: .*A100-SXM4-80GB 0\\.357 / L4 0\\.074824 in gpu-speed-by-class-2026"
  ARGS plan --work 3h --gpu L4,A100-80GB --market on_demand)
costsim_cli_test("plan quick mode runs each offer at its GPU variant's speed: RunPod's A100-80GB is the PCIe card" EXIT 0
  OUT_RE "#  offer +GPU .*/1x_A100-80GB_SECURE +A100-PCIe-80GB .*gcp/[^ ]*/a2-ultragpu-1g +A100-SXM4-80GB"
  ARGS plan --work 3h --gpu L4,A100-80GB --market on_demand)
costsim_cli_test("plan quick mode refuses a GPU the catalog does not sell, naming near ones" EXIT 2
  ERR_RE "command line: --gpu: a GPU model the catalog sells .\"A100-40\" is none; did you mean"
  ARGS plan --work 3h --gpu A100-40)
costsim_cli_test("plan refuses a bare number as a duration" EXIT 2
  ERR_RE "command line: --work: a duration with a unit, such as 5h"
  ARGS plan --work 10 --gpu L4)
costsim_cli_test("quote refuses a bare number as a duration" EXIT 2
  ERR_RE "command line: --duration: a duration with a unit, such as 5h"
  ARGS quote --catalog ${cat2026} --offer aws/use1-az6/g6.xlarge --market on_demand --duration 3)
costsim_cli_test("plan refuses quick-mode flags beside a scenario file" EXIT 2
  ERR_RE "command line: --gpu: no --gpu beside a scenario file"
  ARGS plan ${PROJECT_SOURCE_DIR}/scenarios/finetune_7b_2026.json --gpu L4)
costsim_cli_test("plan refuses --top beside --json" EXIT 2 ERR_RE "command line: --top: the text table"
  ARGS plan --work 3h --gpu L4 --json --top 3)
costsim_cli_test("plan --memory checks an offer whose row gives no memory against its GPU variant's spec" EXIT 0
  OUT_RE "left out: .*runpod/[^ ]+ \\(all markets\\): the job needs 30 GiB of GPU memory; L4 has 24 GiB \\(its variant's spec\\)"
  ARGS plan --work 3h --gpu L4,A100-80GB --memory 30GiB --market on_demand --explain)
costsim_cli_test("plan --csv is the ranked list with rank, zones, pareto and recommended" EXIT 0
  OUT_RE "^rank,offer,zones,market,policy,failover_zones,gpus,checkpoint_rule.*recommended,currency,gpu_variant\n1,[^,]+,[0-9]+,"
  ARGS plan --work 3h --gpu L4 --csv)
costsim_cli_test("offers lists the catalog sorted by price with GPU, memory, prices, billing and date" EXIT 0
  OUT_RE "costsim offers: [0-9]+ of [0-9]+ offers of gpu-cloud-2026, price date on or after 2025-06-01 \\(up to [0-9.]+ months old\\).*aws/[^ ]+/p5\\.48xlarge +H100 +8 +80 +55\\.04.*WARNING: prices may be older than 6 months"
  ARGS offers --gpu H100 --cloud aws)
# Issue 26, item 3: AWS's P family from the v8 rows (its mid-2025 price cut), every offer dated by its source.
costsim_cli_test("offers names each source's price date and how old it is" EXIT 0
  OUT_RE "2 price dates.*price dates: (on or after 2025-06-01 \\(up to [0-9.]+ months old\\) for [0-9]+|not recorded, on or before 2026-12-03 \\(age not recorded\\) for [0-9]+)"
  ARGS offers --gpu H100 --cloud aws,lambda)
costsim_cli_test("quote names the offer's price date and warns that it may be over 6 months old" EXIT 0
  OUT_RE "prices +dated on or after 2025-06-01 \\(up to [0-9.]+ months old\\) — WARNING: may be older than 6 months.*total +55\\.04"
  ARGS quote --catalog ${cat2026} --offer aws/use1-az6/p5.48xlarge --market on_demand --duration 1h)
costsim_cli_test("plan --json carries each candidate's price date" EXIT 0
  OUT_RE "\"offer\":\"aws/[^\"]+/p5\\.48xlarge\".*\"prices_as_of\":\"on or after 2025-06-01\""
  ARGS plan --work 3h --gpu H100 --gpus 8 --cloud aws --market on_demand --json)
costsim_cli_test("import --price-date must name a file that is read" EXIT 2
  ERR_RE "^costsim: command line: --price-date: FILE=DATE naming one of the files read .by name or path., got \"nope.csv=2025-01-01\"\n$"
  ARGS import skypilot aws=${skypilot_rows}/aws_gpu_vms.csv --price-date nope.csv=2025-01-01)
costsim_cli_test("import --price-date refuses a date that is not one of the three forms" EXIT 2
  ERR_RE "--price-date: a price date \"YYYY-MM-DD\", \"on or before YYYY-MM-DD\".*got \"around 2025\""
  ARGS import skypilot aws=${skypilot_rows}/aws_gpu_vms.csv --price-date "aws_gpu_vms.csv=around 2025")
costsim_cli_test("offers --json carries region and zone both" EXIT 0
  OUT_RE "\"id\":\"aws/use1-az[0-9]/g6\\.xlarge\",\"provider\":\"aws\",\"region\":\"us-east-1\",\"zone\":\"use1-az[0-9]\""
  ARGS offers --gpu L4 --region us-east-1 --cloud aws --json)
costsim_cli_test("offers refuses a cloud the catalog lacks" EXIT 2 ERR_RE "command line: --cloud: a provider of catalog"
  ARGS offers --cloud gcpp)
costsim_cli_test("simulate on a scenario with a plan and no candidates runs the plan's candidates" EXIT 0
  OUT_RE "costsim simulate: finetune-7b-2026.*runpod/US-TX-3/1x_L4_SECURE"
  ERR_RE "lists no candidates; running its plan's [0-9]+"
  ARGS simulate ${PROJECT_SOURCE_DIR}/scenarios/finetune_7b_2026.json --trials 200)

# Issue 27: spot risk per instance type, from the AWS Spot Advisor, calibrated on real traces.
costsim_cli_test("plan gives p5.48xlarge spot its Advisor band and date and the recommendation its sensitivity" EXIT 0
  OUT_RE "advisor >20%.*calibrated on real traces: >20% = 0\\.531 interruptions.*aws/use1-az6/p5\\.48xlarge: advisor band >20% \\(AWS Spot Advisor, 2025-06-28\\).*sensitivity to the interruption rate: /3 \\(0\\.[0-9]+/h\\).* x3"
  ARGS plan --work 10h --gpu H100 --gpus 8 --cloud aws --region use1-az6 --deadline 24h)
costsim_cli_test("plan gives p4d.24xlarge spot its Advisor band and date" EXIT 0
  OUT_RE "advisor 10-15%.*aws/use1-az1/p4d\\.24xlarge: advisor band 10-15% \\(AWS Spot Advisor, 2025-06-28\\)"
  ARGS plan --work 10h --gpu A100 --gpus 8 --cloud aws --region use1-az1)
costsim_cli_test("plan gives g5.xlarge spot its Advisor band and date" EXIT 0
  OUT_RE "aws/use1-az6/g5\\.xlarge( and [0-9]+ other offers)?: advisor band >20% \\(AWS Spot Advisor, 2025-06-28\\)"
  ARGS plan --work 10h --gpu A10G --cloud aws --region use1-az6)
costsim_cli_test("a spot recommendation whose risk is a proxy names the cheapest choice without spot risk" EXIT 0
  OUT_RE "spot risk \\(proxy\\).*its spot risk is a PROXY. the cheapest choice without spot risk is [^ ]+ (on_demand|monthly)"
  ARGS plan --work 10h --gpu A100-80GB --cloud runpod --deadline 24h)
if(Python3_Interpreter_FOUND)
  add_test(NAME "cli: every 2026 spot row names its risk source and no V100 trace goes without the word proxy"
           COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/cli/spot_risk_sources.py $<TARGET_FILE:costsim_cli>
                   ${PROJECT_SOURCE_DIR})
endif()
# The two trace data sets, each in its own sense (SpotHedge counts obtainable instances).
costsim_cli_test("trace-stats reads a SpotHedge GCP A100 trace as obtainable counts: us-west1-b has spot 47.9 % of the time" EXIT 0
  OUT_RE "values read as obtainable instances \\(0: none\\). spot available 47\\.9 % of the ticks"
  ARGS trace-stats ${PROJECT_SOURCE_DIR}/pricing_data/spot-traces/spothedge-gcp-a100/us-west1-b_a100_40gb_8.json --sense obtainable)
costsim_cli_test("trace-stats read in Can't Be Late's sense says the opposite of the same SpotHedge file" EXIT 0
  OUT_RE "values read as preempted \\(non-zero: not available\\). spot available 52\\.1 % of the ticks"
  ARGS trace-stats ${PROJECT_SOURCE_DIR}/pricing_data/spot-traces/spothedge-gcp-a100/us-west1-b_a100_40gb_8.json)
# replay reads a trace in the sense it is given: europe-west4-a had A100s obtainable at every
# tick, so in its own sense a 4 h spot job runs without a preemption; read in the default,
# Can't Be Late sense the same file means no spot ever, and every replay outlasts the trace.
costsim_cli_test("replay --sense obtainable reads a SpotHedge trace in its own sense: europe-west4-a never preempts" EXIT 0
  OUT_RE "read as obtainable instances \\(0: none\\).*spot +spot_only +[0-9.]+ .* 100\\.0 % +0\\.00 +100\\.0 % +0\n"
  ARGS replay ${COSTSIM_CLI_DATA}/traces/sense_scenario.json
       --trace ${PROJECT_SOURCE_DIR}/pricing_data/spot-traces/spothedge-gcp-a100/europe-west4-a_a100_40gb_8.json
       --starts 5 --sense obtainable)
costsim_cli_test("replay in the default sense reads the same SpotHedge trace as never available" EXIT 0
  OUT_RE "read as preempted \\(non-zero: not available\\).*spot +spot_only +-( +-)+ +0\\.0 % +5\n"
  ARGS replay ${COSTSIM_CLI_DATA}/traces/sense_scenario.json
       --trace ${PROJECT_SOURCE_DIR}/pricing_data/spot-traces/spothedge-gcp-a100/europe-west4-a_a100_40gb_8.json
       --starts 5)
costsim_cli_test("replay --json names the sense it read the trace in" EXIT 0
  OUT_RE "\"sense\":\"obtainable\""
  ARGS replay ${COSTSIM_CLI_DATA}/traces/sense_scenario.json
       --trace ${PROJECT_SOURCE_DIR}/pricing_data/spot-traces/spothedge-gcp-a100/europe-west4-a_a100_40gb_8.json
       --starts 5 --sense obtainable --json)
costsim_cli_test("replay refuses an unknown sense" EXIT 2 ERR_RE "--sense"
  ARGS replay ${COSTSIM_CLI_DATA}/traces/sense_scenario.json
       --trace ${PROJECT_SOURCE_DIR}/pricing_data/spot-traces/spothedge-gcp-a100/europe-west4-a_a100_40gb_8.json --sense available)
costsim_cli_test("trace-stats refuses an unknown sense" EXIT 2
  ERR_RE "--sense"
  ARGS trace-stats ${PROJECT_SOURCE_DIR}/pricing_data/spot-traces/spothedge-gcp-a100/us-west1-b_a100_40gb_8.json --sense available)
costsim_cli_test("plan gives GCP A100 spot its zone's SpotHedge trace, with GCP's cap and notice, and leaves out a zone that never had capacity" EXIT 0
  OUT_RE "gcp/us-west1-b/a2-highgpu-1g: trace_fit us-west1-b_a100_40gb_8\\.json: 0\\.455 interruptions per hour.*no session beyond 1d \\(maximum lifetime\\), notice 30s.*gcp/us-east1-b/a2-highgpu-1g \\(spot\\): its spot trace us-east1-b_a100_40gb_8\\.json never had spot capacity"
  ARGS plan --work 10h --gpu A100 --cloud gcp --deadline 48h --explain)

# Issue 26, item 2: the job stated by its size.
costsim_cli_test("plan --model --tokens --method estimates the work and names both ends and the range on the GPU asked" EXIT 0
  OUT_RE "estimated[ \n]+from[ \n]+the[ \n]+job's[ \n]+size[ \n]+\\(7B[ \n]+lora[ \n]+bf16,[ \n]+50M[ \n]+tokens,.*tuned[ \n]+stack:[ \n]+25206[ \n]+tokens/s.*plain[ \n]+PyTorch:[ \n]+5762[ \n]+tokens/s.*A100-SXM4-80GB[ \n]+\\(0\\.357[ \n]+of[ \n]+the[ \n]+H100-SXM's[ \n]+speed\\):[ \n]+2\\.051[ \n]+h[ \n]+tuned[ \n]+to[ \n]+3\\.924[ \n]+h[ \n]+plain"
  ARGS plan --model 7B --tokens 50M --method lora --gpu A100-80GB --market on_demand)
costsim_cli_test("plan --model --json carries the work every runtime scales from, with the size estimate's range" EXIT 0
  OUT_RE "\"work\":\\{\"hours\":[0-9.]+,\"source\":\"estimate\",\"basis\":\"estimated from the job's size \\(7B lora bf16, 50M tokens,[^\"]*tuned stack[^\"]*plain PyTorch[^\"]*planned at the plain end[^\"]*\"\\}"
  ARGS plan --model 7B --tokens 50M --method lora --gpu A100-80GB --market on_demand --json --trials 100)
costsim_cli_test("plan --model refuses a plan where no GPU asked for holds a full fine-tune, naming its memory need" EXIT 2
  ERR_RE "the job needs 103\\.[0-9]+ GiB of GPU memory; A100-80GB \\(A100-SXM4-80GB\\) has 80 GiB"
  ARGS plan --model llama-2-7b --tokens 100M --method full --gpu A100-80GB --market on_demand)
costsim_cli_test("plan --model refuses a malformed token count naming the flag" EXIT 2
  ERR_RE "command line: --tokens: a positive count such as 50M, 1.5B or 52000, got \"50X\""
  ARGS plan --model 7B --tokens 50X --method lora)
costsim_cli_test("plan --model needs its method" EXIT 2
  ERR_RE "command line: --method: the training method with --model"
  ARGS plan --model 7B --tokens 50M)
costsim_cli_test("plan refuses --work beside --model" EXIT 2
  ERR_RE "command line: --work: --work or --model, not both"
  ARGS plan --model 7B --tokens 50M --method lora --work 3h)
costsim_cli_test("plan refuses a size flag without --model" EXIT 2
  ERR_RE "command line: --tokens: --model with it"
  ARGS plan --work 3h --gpu L4 --tokens 50M)
costsim_cli_test("plan refuses an unknown model naming the known ones" EXIT 2
  ERR_RE "command line: --model: a model: a parameter count such as 7B or 350M, or one of llama"
  ARGS plan --model gpt-9 --tokens 50M --method lora)
costsim_cli_test("plan on the scenario stated by its size prints the estimate's two ends and plans" EXIT 0
  OUT_RE "lora-8b-by-size-2026 — [0-9]+ rows.*estimated[ \n]+from[ \n]+the[ \n]+job's[ \n]+size.*Recommendation: "
  ARGS plan ${PROJECT_SOURCE_DIR}/scenarios/lora_by_size_2026.json --trials 2000)

# Issue 27, item 3: failover as a plan market.
costsim_cli_test("plan --market failover plans spot relaunched over an offer's identical zones and explains the row" EXIT 0
  OUT_RE " fo[0-9]+ .*foN,[ \n]+foN\\+fb:[ \n]+spot,[ \n]+spot\\+fb[ \n]+with[ \n]+failover[ \n]+over[ \n]+N[ \n]+zones[ \n]+or[ \n]+regions.*after[ \n]+3[ \n]+min"
  ARGS plan --work 10h --gpu A100-80GB --gpus 8 --deadline 24h --market on_demand,spot,failover --cloud gcp --trials 2000)
costsim_cli_test("plan --csv says how many zones a failover row fails over" EXIT 0
  OUT_RE "\n[0-9]+,[^,]+,[0-9]+,spot,spot_only,[2-9],"
  ARGS plan --work 10h --gpu A100-80GB --gpus 8 --deadline 24h --market spot,failover --cloud gcp --trials 1000 --csv)
costsim_cli_test("plan refuses an unknown market beside failover naming the flag" EXIT 2
  ERR_RE "command line: --market: .*\"moon\""
  ARGS plan --work 10h --gpu A100-80GB --market failover,moon)
