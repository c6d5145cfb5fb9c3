-- At most one row ever: the primary key makes "who creates the first workspace" a race that exactly one
-- process can win, even when several start at once against an empty database.
create table control_plane_bootstrap (
    id         integer                  primary key,
    claimed_at timestamp with time zone not null,
    constraint control_plane_bootstrap_single_row check (id = 1)
);
