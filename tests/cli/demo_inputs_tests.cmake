# The demo's inputs are true (issue 16): published runtimes labelled as such, the study's
# published costs reproduced at its precision, its conclusions checked, and spot rows from
# real traces. Included from tests/CMakeLists.txt after cli_tests.cmake (costsim_cli_test).
costsim_cli_test("demo prints the study's five published costs at its precision, each agreeing" EXIT 0
  OUT_RE "aws/us-east-1/p2\\.xlarge +3\\.67h +published +3\\.3 USD +3\\.3 USD +3\\.3 USD +yes.*gce/us-central1/k80 +4\\.82h +published +2\\.4 USD .* 2\\.4 USD +yes.*paperspace/gpu-plus/m4000 +4\\.00h +published +1\\.6 USD .* 1\\.6 USD +yes.*aws/us-east-1/p3\\.2xlarge +1\\.08h +published +3\\.3 USD .* 3\\.3 USD +yes.*gce/us-central1/p100 +2\\.26h +published +3\\.4 USD .* 3\\.4 USD +yes"
  ARGS demo --trials 300)
costsim_cli_test("demo checks the study's four conclusions on costsim's figures" EXIT 0
  OUT_RE "holds +The Hetzner dedicated server is the cheapest when kept busy.*holds +Paperspace is the cheapest VM provider.*holds +Cheaper GPUs give better value per solution.*holds +Multi-GPU servers used one GPU"
  ARGS demo --trials 300)
costsim_cli_test("demo says where every runtime comes from, the GTX 1080 as an estimate implied by the study" EXIT 0
  OUT_RE "runtime .*1\\.08h pub.*runtime: hours of work on the offer and where[ \n]+they[ \n]+come[ \n]+from.*runtimes, per GPU model.*GTX 1080 — estimate: the reference runtime 1\\.078 h \\(published\\) / GTX 1080's relative speed 0\\.458 \\(estimate:[ \n]+STUDY-IMPLIED: the P100's speed the study's own costs imply"
  ARGS demo --trials 300)
costsim_cli_test("demo's spot interruptions are fitted from the bundled real traces, parameters printed" EXIT 0
  OUT_RE "spot interruptions \\(risk: .*aws/us-east-1/p3\\.2xlarge: trace_fit us-east-1d_v100_1\\.json: 0\\.487 interruptions per hour of spot running[ \n]+\\(mean[ \n]+lifetime[ \n]+2\\.05[ \n]+h,"
  ARGS demo --trials 300)
costsim_cli_test("plan --json carries each row's runtime source and interruption model, and the study" EXIT 0
  OUT_RE "\"runtime\":\\{\"hours\":[0-9.]+,\"source\":\"published\",\"basis\":\"derived from the published cost.*\"interruption_model\":\\{\"model\":\"trace_fit\",\"source\":\"trace\",\"rate_per_hour\":0\\.48[0-9]*,\"file\":\"us-east-1d_v100_1\\.json\",.*\"availability\":0\\.55.*\"study\":\\{\"study\":\"Manne 2018"
  ARGS plan ${PROJECT_SOURCE_DIR}/scenarios/bilstm_sentiment_demo.json --trials 300 --json)
costsim_cli_test("a scenario naming a study file that is not one is refused with its pointer" EXIT 2
  ERR_RE "spec_catalog\\.json: /schema: \"costsim\\.published/v1\""
  ARGS plan ${COSTSIM_CLI_DATA}/bad/published_not_a_study.json)
# Failover in the demo (issue 27, item 4): the V100 spot run relaunched across us-east-1's four
# zones, replayed on their 2023 traces (scenarios/failover_demo_p3.json): staying in us-east-1d
# meets the 8 h deadline in 79.2 % of the 400 windows, moving in 99.0 %, and with the on-demand
# fallback every deadline is met for less than the fallback alone costs.
costsim_cli_test("demo replays the V100 spot run across us-east-1's four zones and failover meets the deadline more often" EXIT 0
  OUT_RE "Spot across zones: p3\\.2xlarge spot relaunched.*400 windows.*spot_only +us-east-1d +1\\.08 .* 79\\.2 %.*failover \\+ fallback +4 zones, recent +1\\.09 .*Staying in us-east-1d meets the 8h deadline in 79\\.2 % of the windows. moving between the 4 zones, in 99\\.0 %.[^a-z]+with[^a-z]+the[^a-z]+on-demand[^a-z]+fallback as well, in 100\\.0 % for 1\\.09 USD[^a-z]+\\(the fallback alone: 100\\.0 % for 1\\.44 USD\\)"
  ARGS demo --trials 300)
