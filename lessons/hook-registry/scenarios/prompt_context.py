prompt = "Add a test for the parser."
replies = [
    [use("t1", "write_file", path="tests/test_parser.py", content="def test_empty(): ...\n")],
    [use("t2", "bash", command="pytest tests")],
    [say("Added tests/test_parser.py and ran it with pytest, as the project rule says.")],
]
