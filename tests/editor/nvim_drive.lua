-- Drive Neovim, headless, as a writer would: open an event text, wait for rulekb's diagnostics, hover on places of
-- the text (the float Neovim opens for `K`, read back from its window), and write what Neovim showed as JSON.
-- The rulekb set-up itself comes from the init file given with -u (the README's, extracted by the test).
--
--   RULEKB_NVIM_FILE=text.txt RULEKB_NVIM_HOVERS="4:27 4:5" RULEKB_NVIM_OUT=out.json \
--     nvim --headless -u init.lua -c "luafile tests/editor/nvim_drive.lua"
--
-- Positions are 1-based line : 0-based column, as Neovim's cursor. Neovim quits when done (exit 0; 1 on a timeout).

local out_path = assert(os.getenv("RULEKB_NVIM_OUT"), "RULEKB_NVIM_OUT")
local file = assert(os.getenv("RULEKB_NVIM_FILE"), "RULEKB_NVIM_FILE")
local timeout = tonumber(os.getenv("RULEKB_NVIM_TIMEOUT") or "40000")
local result = { nvim = vim.version(), file = file, hovers = {} }
local start = vim.loop.hrtime()
local function ms() return math.floor((vim.loop.hrtime() - start) / 1e6) end

local function finish(ok)
  result.ok = ok
  result.elapsed_ms = ms()
  local f = assert(io.open(out_path, "w"))
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd(ok and "qall!" or "cquit!")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
result.filetype = vim.bo[buf].filetype

-- Diagnostics: what `vim.diagnostic` holds for the buffer once the server has published (the planted defect
-- guarantees at least one).
local got = vim.wait(timeout, function() return #vim.diagnostic.get(buf) > 0 end, 50)
result.clients = {}
for _, client in pairs(vim.lsp.buf_get_clients(buf)) do table.insert(result.clients, client.name) end
if not got then result.error = "no diagnostics within " .. timeout .. " ms"; return finish(false) end
result.diagnostics_ms = ms()
result.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(result.diagnostics, { line = d.lnum + 1, col = d.col, end_col = d.end_col, severity = d.severity,
                                     code = d.code, source = d.source, message = d.message })
end

-- Hovers: `K` pressed as a user presses it (the set-up's mapping; without one, K runs 'keywordprg' and no hover
-- window opens) and the floating window it opens.
local function floats()
  local wins = {}
  for _, w in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(w).relative ~= "" then table.insert(wins, w) end
  end
  return wins
end

for spec in string.gmatch(os.getenv("RULEKB_NVIM_HOVERS") or "", "%S+") do
  local line, col = spec:match("^(%d+):(%d+)$")
  for _, w in ipairs(floats()) do vim.api.nvim_win_close(w, true) end
  vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
  vim.api.nvim_win_set_cursor(0, { tonumber(line), tonumber(col) })
  local asked = vim.loop.hrtime()
  vim.cmd("normal K")
  local shown = vim.wait(timeout, function() return #floats() > 0 end, 10)
  local entry = { at = spec, word = vim.fn.expand("<cWORD>"), ms = math.floor((vim.loop.hrtime() - asked) / 1e6) }
  if shown then
    local w = floats()[1]
    entry.lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(w), 0, -1, false)
    entry.filetype = vim.bo[vim.api.nvim_win_get_buf(w)].filetype
  else
    entry.error = "no hover window"
  end
  table.insert(result.hovers, entry)
end
finish(true)
