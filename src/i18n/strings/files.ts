/**
 * What is said about a lesson file that cannot be read (JSON syntax, UTF-8), about an
 * import into author mode, and about a scenario edit that cannot be made. Shown in the
 * page in the reader's language and by `npm run lessons:check`.
 */
import type { LocalizedText } from '../../lessons/schema.ts';

export const fileStrings = {
  // JSON syntax (src/lessons/json.ts); {found} is jsonEndOfFile or jsonCharacter.
  jsonEmpty: { zh: '文件是空的', en: 'the file is empty' },
  jsonEndOfFile: { zh: '文件结尾', en: 'end of file' },
  jsonCharacter: { zh: '字符 {char}', en: 'character {char}' },
  jsonExpectedValue: {
    zh: '意外的{found}，这里应是一个值',
    en: 'unexpected {found}, expected a value',
  },
  jsonExpectedKey: {
    zh: '意外的{found}，这里应是带引号的键',
    en: 'unexpected {found}, expected a quoted key',
  },
  jsonExpectedColon: {
    zh: '意外的{found}，键 {key} 之后应是 ":"',
    en: 'unexpected {found}, expected ":" after key {key}',
  },
  jsonExpectedCommaBrace: {
    zh: '意外的{found}，这里应是 "," 或 "}"',
    en: 'unexpected {found}, expected "," or "}"',
  },
  jsonExpectedCommaBracket: {
    zh: '意外的{found}，这里应是 "," 或 "]"',
    en: 'unexpected {found}, expected "," or "]"',
  },
  jsonAfterEnd: {
    zh: 'JSON 值结束之后出现了意外的{found}',
    en: 'unexpected {found} after the end of the JSON value',
  },
  jsonTrailingCommaBrace: {
    zh: 'JSON 不允许在 "}" 之前有多余的逗号',
    en: 'trailing comma before "}" is not allowed in JSON',
  },
  jsonTrailingCommaBracket: {
    zh: 'JSON 不允许在 "]" 之前有多余的逗号',
    en: 'trailing comma before "]" is not allowed in JSON',
  },
  jsonDuplicateKey: { zh: '键 {key} 重复', en: 'duplicate key {key}' },
  jsonBadUnicode: { zh: '字符串中的 \\u 转义无效', en: 'invalid \\u escape in string' },
  jsonBadEscape: { zh: '字符串中的转义 {escape} 无效', en: 'invalid escape {escape} in string' },
  jsonStringSpansLines: {
    zh: '字符串没有结束（字符串不能跨行）',
    en: 'unterminated string (a string cannot span lines)',
  },
  jsonUnterminated: { zh: '字符串没有结束', en: 'unterminated string' },
  jsonControlChar: {
    zh: '字符串中有控制字符（请写成转义形式）',
    en: 'control character in string (write it as an escape)',
  },
  jsonBadNumber: { zh: '数字无效', en: 'invalid number' },
  jsonNumberTooBig: {
    zh: '数字 {number} 太大，没法存成一个数',
    en: 'the number {number} is too large to be stored as a number',
  },
  jsonTooDeep: {
    zh: '嵌套超过 {max} 层：lesson.json 用不着这么深',
    en: 'nested more than {max} levels deep: no lesson file needs that',
  },

  symlinkFile: {
    zh: '这是一个符号链接：课程文件必须是课程文件夹里的普通文件（链接可能指向文件夹外的任何文件，所以不会被读取）；请把文件复制到这里',
    en: 'is a symbolic link: lesson files must be plain files in the lesson folder (a link could reach any file outside it, so it is not read); copy the file here instead',
  },

  // File encoding (src/lessons/encoding.ts).
  notUtf8: {
    zh: '不是有效的 UTF-8：字节偏移 {offset} 处的字节 0x{hex}；请把文件存为 UTF-8',
    en: 'not valid UTF-8: byte 0x{hex} at byte offset {offset}; save the file as UTF-8',
  },
  notUtf8Utf16: {
    zh: '不是有效的 UTF-8：文件以 UTF-16 的字节顺序标记开头（字节 0x{hex}，偏移 {offset}），它是按 UTF-16 保存的；请把文件另存为 UTF-8',
    en: 'not valid UTF-8: the file starts with a UTF-16 byte-order mark (byte 0x{hex} at offset {offset}), so it was saved as UTF-16; save it as UTF-8',
  },

  // Import into author mode (src/ui/author/transfer.ts).
  importNoManifest: {
    zh: '导入的文件中没有 lesson.json',
    en: 'no lesson.json found in the import',
  },
  importManyLessons: {
    zh: '导入的文件包含 {n} 个课程；请一次导入一个课程文件夹',
    en: 'the import holds {n} lessons; import one lesson folder at a time',
  },
  importNoId: {
    zh: '无法确定课程 id（lesson.json 中没有 "id"，也没有文件夹名）',
    en: 'could not tell the lesson id (no "id" in lesson.json and no folder name)',
  },

  // Scenario edits in author mode (src/lessons/edit.ts).
  editNotObject: { zh: 'lesson.json 不是一个对象', en: 'lesson.json is not an object' },
  editNoScenarios: {
    zh: 'lesson.json 没有 "scenarios" 对象',
    en: 'lesson.json has no "scenarios" object',
  },
  editNoPanels: { zh: 'lesson.json 没有 "panels" 列表', en: 'lesson.json has no "panels" list' },
  editBadScenarioId: {
    zh: '"{id}" 不是场景 id：只能用 a-z、0-9 和 _',
    en: '"{id}" is not a scenario id: use a-z, 0-9 and _',
  },
  editScenarioExists: { zh: '场景 "{id}" 已存在', en: 'scenario "{id}" already exists' },
  editNoPanel: { zh: '没有面板 "{id}"', en: 'no panel "{id}"' },
  editNoScenario: { zh: '没有场景 "{id}"', en: 'no scenario "{id}"' },
} satisfies Record<string, LocalizedText>;
