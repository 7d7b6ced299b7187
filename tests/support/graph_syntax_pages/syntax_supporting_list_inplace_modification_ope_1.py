# MindSpore's "Introduction to Graph Mode Programming" page, section "supporting list inplace modification ope": its example as the page
# writes it (recorded by scripts/record_graph_syntax_fixtures.py, run on deepsink by tests/_core/test_graph_syntax_pages.py)
a = [1, 2, 3, 4]
a_id = id(a)
a.append(5)
a_after_id = id(a)
assert a_id == a_after_id
