"""Run ids: unguessable, and safe to pass on a command line."""

from server.run_service import new_run_id


def test_run_ids_never_start_with_a_dash_so_the_cli_reads_them_as_ids():
    ids = [new_run_id() for _ in range(5000)]  # about 78 would start with '-' by chance
    assert not [i for i in ids if i.startswith("-")]
    assert len(set(ids)) == len(ids)
    assert all(len(i) == 22 for i in ids)  # 16 random bytes, base64url
