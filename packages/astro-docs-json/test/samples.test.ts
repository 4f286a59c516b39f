import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import vm from 'node:vm';
import {
  codeSamples,
  DEFAULT_SAMPLE_LANGUAGES,
  SAMPLE_LANGUAGES,
  sampleLanguage,
  samplesFor,
  type SampleLanguage,
  type SampleRequest,
} from '../src/core/openapi/samples.ts';
import type { Operation } from '../src/core/openapi/operations.ts';

const all = (request: SampleRequest) => Object.fromEntries(samplesFor(request, SAMPLE_LANGUAGES).map((s) => [s.language, s.code])) as Record<SampleLanguage, string>;

/** Runs a JavaScript sample with a fetch that records what it was given. */
async function runJavaScript(code: string): Promise<{ url: string; options: { method: string; headers?: Record<string, string>; body?: unknown } }> {
  let call: { url: string; options: { method: string; headers?: Record<string, string>; body?: unknown } } | undefined;
  const fetch = (url: string, options: { method: string; headers?: Record<string, string>; body?: unknown }) => {
    // Objects made inside the context have its prototypes: copies compare as plain objects.
    call = { url, options: { ...options, ...(options.headers ? { headers: { ...options.headers } } : {}) } };
    return Promise.resolve({ json: () => Promise.resolve({}) });
  };
  vm.runInNewContext(code, { fetch, console: { log() {}, error() {} }, FormData, URLSearchParams, Blob });
  await new Promise((resolve) => setImmediate(resolve));
  assert.ok(call, 'the sample calls fetch');
  return call;
}

/** The double-quoted literal (JSON's escapes) right after `prefix`, read back. */
function literalAfter(code: string, prefix: string): unknown {
  const start = code.indexOf(prefix);
  assert.ok(start >= 0, `${prefix} in\n${code}`);
  const match = /^"(?:[^"\\\n]|\\.)*"/.exec(code.slice(start + prefix.length));
  assert.ok(match, `a literal after ${prefix}`);
  return JSON.parse(match[0]);
}

const GET: SampleRequest = {
  method: 'GET',
  url: 'https://api.example.com/pets?limit=10&tag=dog',
  headers: [
    ['Authorization', 'Bearer <token>'],
    ['X-Request-Id', 'abc-123'],
  ],
};

const POST_JSON: SampleRequest = {
  method: 'POST',
  url: 'https://api.example.com/pets',
  headers: [['Content-Type', 'application/json']],
  body: { mediaType: 'application/json', value: { name: 'doggie', tags: ['a'], vaccinated: true, owner: null } },
};

const FORM: SampleRequest = {
  method: 'POST',
  url: 'https://api.example.com/token',
  headers: [['Content-Type', 'application/x-www-form-urlencoded']],
  body: { mediaType: 'application/x-www-form-urlencoded', value: { grant_type: 'client_credentials', scope: 'read write' } },
};

const MULTIPART: SampleRequest = {
  method: 'POST',
  url: 'https://api.example.com/pets/1/photo',
  headers: [['Authorization', 'Bearer <token>']],
  body: { mediaType: 'multipart/form-data', value: { caption: 'At the beach', file: '<binary>' } },
};

describe('request samples', () => {
  it('writes a GET with query, header and bearer token in every language', async () => {
    const code = all(GET);
    assert.equal(
      code.curl,
      "curl --request GET \\\n  --url 'https://api.example.com/pets?limit=10&tag=dog' \\\n  --header 'Authorization: Bearer <token>' \\\n  --header 'X-Request-Id: abc-123'",
    );
    const js = await runJavaScript(code.javascript);
    assert.deepEqual(js, { url: GET.url, options: { method: 'GET', headers: { Authorization: 'Bearer <token>', 'X-Request-Id': 'abc-123' } } });
    assert.match(code.python, /^import requests\n\nurl = "https:\/\/api\.example\.com\/pets\?limit=10&tag=dog"\nheaders = \{\n {4}"Authorization": "Bearer <token>",\n {4}"X-Request-Id": "abc-123"\n\}/);
    assert.match(code.python, /requests\.request\("GET", url, headers=headers\)/);
    assert.match(code.go, /http\.NewRequest\("GET", url, nil\)/);
    assert.match(code.go, /req\.Header\.Add\("Authorization", "Bearer <token>"\)\n\treq\.Header\.Add\("X-Request-Id", "abc-123"\)/);
    assert.doesNotMatch(code.go, /"strings"/, 'Go refuses unused imports');
    assert.match(code.ruby, /^require 'net\/http'\nrequire 'uri'\n\nurl = URI\('https:\/\/api\.example\.com\/pets\?limit=10&tag=dog'\)/);
    assert.match(code.ruby, /request = Net::HTTP::Get\.new\(url\)\nrequest\['Authorization'\] = 'Bearer <token>'\nrequest\['X-Request-Id'\] = 'abc-123'/);
    assert.match(code.php, /CURLOPT_CUSTOMREQUEST => 'GET',\n {4}CURLOPT_HTTPHEADER => \[\n {8}'Authorization: Bearer <token>',\n {8}'X-Request-Id: abc-123',\n {4}\],/);
    assert.doesNotMatch(code.php, /POSTFIELDS/);
    assert.match(code.java, /\.uri\(URI\.create\("https:\/\/api\.example\.com\/pets\?limit=10&tag=dog"\)\)\n {12}\.header\("Authorization", "Bearer <token>"\)\n {12}\.header\("X-Request-Id", "abc-123"\)\n {12}\.GET\(\)/);
    assert.match(code.java, /^import java\.net\.URI;\nimport java\.net\.http\.HttpClient;/);
  });

  it('sends a JSON body as JSON', async () => {
    const code = all(POST_JSON);
    assert.match(code.curl, /--data '\{\n {2}"name": "doggie",\n {2}"tags": \[\n {4}"a"\n {2}\],/);
    const js = await runJavaScript(code.javascript);
    assert.deepEqual(JSON.parse(js.options.body as string), POST_JSON.body!.value);
    assert.match(code.python, /payload = \{\n {4}"name": "doggie",\n {4}"tags": \[\n {8}"a"\n {4}\],\n {4}"vaccinated": True,\n {4}"owner": None\n\}/);
    assert.match(code.python, /requests\.request\("POST", url, json=payload\)/, 'json= sets the Content-Type');
    assert.match(code.go, /payload := strings\.NewReader\(`\{\n {2}"name": "doggie",/);
    assert.match(code.go, /http\.NewRequest\("POST", url, payload\)/);
    assert.match(code.ruby, /^require 'json'\n/);
    assert.match(code.ruby, /request\.body = JSON\.generate\(\{\n {2}'name' => 'doggie',\n {2}'tags' => \[\n {4}'a'\n {2}\],\n {2}'vaccinated' => true,\n {2}'owner' => nil\n\}\)/);
    assert.match(code.php, /CURLOPT_POSTFIELDS => '\{\n {2}"name": "doggie",/);
    assert.match(code.java, /\.POST\(HttpRequest\.BodyPublishers\.ofString\("\{\\n"\n {16}\+ " {2}\\"name\\": \\"doggie\\",\\n"/);
  });

  it('sends form-urlencoded fields with each language\'s form helper or as an encoded string', async () => {
    const code = all(FORM);
    assert.match(code.curl, /--data-urlencode 'grant_type=client_credentials' \\\n {2}--data-urlencode 'scope=read write'$/);
    const js = await runJavaScript(code.javascript);
    assert.equal(String(js.options.body), 'grant_type=client_credentials&scope=read+write');
    assert.match(code.python, /payload = \{\n {4}"grant_type": "client_credentials",\n {4}"scope": "read write"\n\}/);
    assert.match(code.python, /requests\.request\("POST", url, data=payload, headers=headers\)/);
    assert.match(code.go, /payload := strings\.NewReader\("grant_type=client_credentials&scope=read\+write"\)/);
    assert.match(code.ruby, /request\.set_form_data\(\{\n {2}'grant_type' => 'client_credentials',\n {2}'scope' => 'read write'\n\}\)/);
    assert.match(code.php, /CURLOPT_POSTFIELDS => http_build_query\(\[\n {8}'grant_type' => 'client_credentials',\n {8}'scope' => 'read write',\n {4}\]\),/);
    assert.match(code.java, /\.POST\(HttpRequest\.BodyPublishers\.ofString\("grant_type=client_credentials&scope=read\+write"\)\)/);
  });

  it('uploads a binary multipart field as a file, and lets each client set the boundary', async () => {
    const code = all({ ...MULTIPART, headers: [...MULTIPART.headers, ['Content-Type', 'multipart/form-data']] });
    assert.match(code.curl, /--form 'caption=At the beach' \\\n {2}--form 'file=@path\/to\/file'$/);
    for (const language of SAMPLE_LANGUAGES) {
      assert.doesNotMatch(code[language], /['"]Content-Type['"]?[,:\]=]\s*['"]?multipart\/form-data['"]/i, `${language} leaves the boundary to its client`);
    }
    const js = await runJavaScript(code.javascript);
    const form = js.options.body as FormData;
    assert.equal(form.get('caption'), 'At the beach');
    assert.ok(form.get('file') instanceof Blob);
    assert.match(code.python, /files = \{\n {4}"caption": \(None, "At the beach"\),\n {4}"file": open\("path\/to\/file", "rb"\)\n\}/);
    assert.match(code.python, /requests\.request\("POST", url, files=files, headers=headers\)/);
    assert.match(code.go, /form := multipart\.NewWriter\(payload\)\n\tform\.WriteField\("caption", "At the beach"\)\n\tif err := addFile\(form, "file", "path\/to\/file"\); err != nil/);
    assert.match(code.go, /req\.Header\.Set\("Content-Type", form\.FormDataContentType\(\)\)/);
    assert.match(code.go, /\n\t"os"\n\t"path\/filepath"\n/);
    assert.match(code.ruby, /request\.set_form\(\[\n {2}\['caption', 'At the beach'\],\n {2}\['file', File\.open\('path\/to\/file'\)\]\n\], 'multipart\/form-data'\)/);
    assert.match(code.php, /CURLOPT_POSTFIELDS => \[\n {8}'caption' => 'At the beach',\n {8}'file' => new CURLFile\('path\/to\/file'\),\n {4}\],/);
    assert.match(code.java, /part\(form, boundary, "form-data; name=\\"caption\\"", "At the beach"\.getBytes\(StandardCharsets\.UTF_8\)\);/);
    assert.match(code.java, /part\(form, boundary, "form-data; name=\\"file\\"; filename=\\"file\\"", Files\.readAllBytes\(Path\.of\("path\/to\/file"\)\)\);/);
    assert.match(code.java, /\.header\("Content-Type", "multipart\/form-data; boundary=" \+ boundary\)/);
    assert.doesNotMatch(code.java, /x-www-form-urlencoded/);
  });

  it('sends a string body as that text', async () => {
    const request: SampleRequest = { method: 'POST', url: 'https://x.test/', headers: [], body: { mediaType: 'application/json', value: '{not json' } };
    const code = all(request);
    assert.match(code.curl, /--data '\{not json'$/);
    assert.equal((await runJavaScript(code.javascript)).options.body, '{not json');
    assert.match(code.python, /payload = "\{not json"\n/);
    assert.match(code.python, /data=payload/);
    assert.match(code.ruby, /request\.body = '\{not json'/);
    // curl reads a file for `--data @name`.
    assert.match(all({ ...request, body: { mediaType: 'text/plain', value: '@me' } }).curl, /--data-raw '@me'$/);
  });
});

describe('escaping', () => {
  const tricky = 'a\'b"c\\d$e`f\ng';
  const request: SampleRequest = {
    method: 'POST',
    url: `https://api.example.com/${tricky}`,
    headers: [['X-Tricky', tricky]],
    body: { mediaType: 'application/json', value: { key: tricky } },
  };
  const bodyText = JSON.stringify({ key: tricky }, null, 2);
  const code = all(request);

  it('keeps JavaScript literals whole', async () => {
    const js = await runJavaScript(code.javascript);
    assert.equal(js.url, request.url);
    assert.equal(js.options.headers?.['X-Tricky'], tricky);
    assert.deepEqual(JSON.parse(js.options.body as string), { key: tricky });
  });

  it('keeps Go, Java and Python literals whole', () => {
    assert.equal(literalAfter(code.go, 'url := '), request.url);
    assert.equal(literalAfter(code.go, 'req.Header.Add("X-Tricky", '), tricky);
    assert.equal(literalAfter(code.go, 'strings.NewReader('), bodyText, 'a backtick rules out a raw string');
    assert.equal(literalAfter(code.java, 'URI.create('), request.url);
    assert.equal(literalAfter(code.java, '.header("X-Tricky", '), tricky);
    const javaBody = /ofString\(((?:"(?:[^"\\\n]|\\.)*"(?:\n +\+ )?)+)\)/.exec(code.java)![1]!;
    assert.equal(javaBody.split(/\n +\+ /).map((part) => JSON.parse(part) as string).join(''), bodyText);
    assert.equal(literalAfter(code.python, 'url = '), request.url);
    assert.equal(literalAfter(code.python, '"X-Tricky": '), tricky);
    assert.equal(literalAfter(code.python, '"key": '), tricky);
  });

  it('quotes shell, Ruby and PHP strings', () => {
    assert.ok(code.curl.includes("--url 'https://api.example.com/a'\\''b\"c\\d$e`f\ng'"), code.curl);
    assert.ok(code.curl.includes("--header 'X-Tricky: a'\\''b\"c\\d$e`f\ng'"));
    assert.ok(code.curl.includes(`--data '${bodyText.replace("'", "'\\''")}'`));
    assert.ok(code.ruby.includes("url = URI('https://api.example.com/a\\'b\"c\\\\d$e`f\ng')"), code.ruby);
    assert.ok(code.ruby.includes("request['X-Tricky'] = 'a\\'b\"c\\\\d$e`f\ng'"));
    assert.ok(code.ruby.includes("'key' => 'a\\'b\"c\\\\d$e`f\ng'"));
    assert.ok(code.php.includes("CURLOPT_URL => 'https://api.example.com/a\\'b\"c\\\\d$e`f\ng',"), code.php);
    assert.ok(code.php.includes("'X-Tricky: a\\'b\"c\\\\d$e`f\ng',"));
    assert.ok(code.php.includes(`CURLOPT_POSTFIELDS => '${bodyText.replace(/[\\']/g, (c) => `\\${c}`)}',`));
  });

  it('keeps form field names and values inside their literals', async () => {
    const fields = { [tricky]: tricky, upload: '<binary>' };
    const multipart = all({ method: 'POST', url: 'https://x.test/', headers: [], body: { mediaType: 'multipart/form-data', value: fields } });
    const form = (await runJavaScript(multipart.javascript)).options.body as FormData;
    assert.equal(form.get(tricky), tricky);
    assert.ok(multipart.curl.includes("--form-string 'a'\\''b\"c\\d$e`f\ng=a'\\''b\"c\\d$e`f\ng'"), 'a quote in a --form value would be parsed by curl');
    assert.equal(literalAfter(multipart.go, 'form.WriteField('), tricky);
    assert.equal(literalAfter(multipart.java, 'part(form, boundary, '), 'form-data; name="a\'b%22c\\d$e`f%0Ag"', 'a quote cannot end the part header');
    assert.ok(multipart.php.includes("'a\\'b\"c\\\\d$e`f\ng' => 'a\\'b\"c\\\\d$e`f\ng',"));
  });
});

describe('sample languages', () => {
  it('reads Mintlify names and aliases, in any case', () => {
    const expected: Record<string, SampleLanguage> = {
      bash: 'curl', sh: 'curl', Shell: 'curl', cURL: 'curl',
      js: 'javascript', JavaScript: 'javascript', node: 'javascript', NodeJS: 'javascript',
      py: 'python', python: 'python', Python3: 'python',
      go: 'go', golang: 'go', rb: 'ruby', Ruby: 'ruby', PHP: 'php', java: 'java',
    };
    for (const [name, language] of Object.entries(expected)) assert.equal(sampleLanguage(name), language, name);
  });

  it('knows nothing else', () => {
    for (const name of ['csharp', 'swift', 'kotlin', '', 'constructor', '__proto__', 'toString']) assert.equal(sampleLanguage(name), undefined, name);
  });

  it('writes the languages asked for, in that order, each once', () => {
    assert.deepEqual(samplesFor(GET, ['python', 'curl', 'python']).map((s) => [s.language, s.label, s.lang]), [
      ['python', 'Python', 'python'],
      ['curl', 'cURL', 'bash'],
    ]);
    assert.deepEqual(samplesFor(GET).map((s) => s.language), DEFAULT_SAMPLE_LANGUAGES);
    assert.deepEqual(
      samplesFor(GET, SAMPLE_LANGUAGES).map((s) => [s.label, s.lang]),
      [['cURL', 'bash'], ['JavaScript', 'js'], ['Python', 'python'], ['Go', 'go'], ['Ruby', 'ruby'], ['PHP', 'php'], ['Java', 'java']],
    );
  });

  it('builds samples of an operation in the languages given', () => {
    const operation: Operation = {
      kind: 'operation', method: 'GET', path: '/pets', tags: [], deprecated: false, hidden: false, excluded: false,
      parameters: [{ name: 'limit', in: 'query', required: true, deprecated: false, example: 10 }],
      responses: [], security: [], servers: ['https://api.example.com'], serverTemplates: [], codeSamples: [],
    };
    assert.deepEqual(codeSamples(operation).map((s) => s.language), DEFAULT_SAMPLE_LANGUAGES);
    const [go] = codeSamples(operation, 'https://sandbox.example.com', ['go']);
    assert.match(go!.code, /url := "https:\/\/sandbox\.example\.com\/pets\?limit=10"/);
  });

  it("puts the spec's own samples (x-codeSamples) first, and only them with autogenerate off", () => {
    const operation: Operation = {
      kind: 'operation', method: 'GET', path: '/pets', tags: [], deprecated: false, hidden: false, excluded: false,
      parameters: [], responses: [], security: [], servers: ['https://api.example.com'], serverTemplates: [],
      codeSamples: [{ lang: 'typescript', source: 'await pets.list();' }, { lang: 'curl', label: 'CLI', source: 'pets list' }],
    };
    const samples = codeSamples(operation, undefined, ['curl']);
    assert.deepEqual(samples.map((s) => [s.label, s.lang, s.language]), [['TypeScript', 'typescript', undefined], ['CLI', 'bash', undefined], ['cURL', 'bash', 'curl']]);
    assert.deepEqual(codeSamples(operation, undefined, ['curl'], false).map((s) => s.code), ['await pets.list();', 'pets list']);
  });
});
